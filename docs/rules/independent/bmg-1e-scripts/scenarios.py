from bmg1e import *
# --- A: per single impact (one damage die + collateral)
for name, st, sp, wp in [("Rotarang (Batman Str 3+, ★★)", 3, 2, 0), ("Pistol (Firearm 2+, ♦)", 2, 0, 1)]:
    for sc in ["none", "per_failed_impact", "per_impact", "per_attack"]:
        d = damage_roll(1, st, sp, wp, sc, ranged=True)
        Pst = sum(p for key, p in d.items() if key[1] > 0)
        Es = sum(p * key[1] for key, p in d.items()); Ew = sum(p * key[2] for key, p in d.items())
        print(f"A1 {name:30s} {sc:18s} P(>=1★)={Pst} ({float(Pst):.4f})  E★={Es} ({float(Es):.4f})  E♦={Ew} ({float(Ew):.4f})")
# --- A: whole attacks as in the configs
for sc in ["none", "per_failed_impact", "per_impact", "per_attack"]:
    show(f"A2 batman-rotarang scratch={sc}", ranged(2, 3, 3, 2, 0, obstacles=(), scratch=sc, endurance=5))
for sc in ["none", "per_failed_impact", "per_impact", "per_attack"]:
    show(f"A3 gunman-through-cover scratch={sc}", ranged(1, 4, 2, 0, 1, obstacles=(5, 6), cover=True, dodge=1, agility=4, scratch=sc, endurance=6))
