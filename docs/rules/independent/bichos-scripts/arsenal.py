from seq import *
from shots import report
rows = []
for w in ['assault_rifle', 'heavy_weapon', 'grenade', 'pistol']:
    for t in ['pequeno', 'grande']:
        for rng in ['effective', 'long']:
            if w == 'grenade' and rng == 'long': continue
            for cov in [False, True]:
                kw = dict(long_range=(rng == 'long'), cover=cov)
                r = report('soldado', w, t, **kw)
                po, pd = sequence('soldado', w, t, cap=100, **kw)
                mo, medo = stats(po, 100); md, medd = stats(pd, 100)
                rows.append((w, t, rng, cov, float(r['RES_lost']), float(r['P_crit']), float(r['P_H']),
                             float(r['P_flee_RES'] + r['P_dead']), float(r['P_flee_RES_or_Herido'] + r['P_dead']), float(r['P_dead']),
                             medo, medd, pd[2], po[-1], pd[-1]))
print("| weapon | target | range | cover | RES lost/attack | P(crit) | P(knocked down, H) | P(flee or dead, 1 attack; RES only) | same incl. Herido fail | P(dead, 1 attack) | median attacks to flee (RES≤0 or dead) | median attacks to kill | P(dead within 3) | P(out by 100) | P(dead by 100) |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for r in rows:
    print("| " + " | ".join([r[0], r[1], r[2], 'yes' if r[3] else 'no'] + [f"{x:.4f}" for x in r[4:10]] + [str(r[10]), str(r[11])] + [f"{x:.4f}" for x in r[12:]]) + " |")
