from bichos import *
PROF = dict(ciudadano=(5,6,7,42,0), colono=(7,7,9,63,0), soldado=(10,9,9,81,8), pequeno=(5,7,7,49,8), grande=(12,12,10,120,12))
# weapon: dice, pot (None = attacker POT)
WEAP = dict(pistol=(1,5), assault_rifle=(3,11), grenade=(2,11), grenade9=(2,9), heavy_weapon=(2,9), fists=(1,None), small_claws=(2,None), big_claws=(3,None))

def one_attack(shooter, weapon, target, idx=1, state=None, herido=False, **kw):
    hda, spot, *_ = PROF[shooter]
    nd, pot = WEAP[weapon]
    if pot is None: pot = spot
    _, _, fdv, res, bld = PROF[target]
    if state is None: state = (res, fdv, False, False)
    fd = firing_dist(hda, idx=idx, **kw)
    out = defaultdict(F)   # key: (res, fdv, fled, dead, H, kind)
    out[state + (False, 'miss')] += fd.get('miss', 0)
    for kind in ('light', 'crit'):
        if kind not in fd: continue
        for k, p in resolve(kind, state, hda, nd, pot, bld, res).items():
            out[k + (kind,)] += fd[kind]*p
    return out, res, fdv

def report(shooter, weapon, target, idx=1, **kw):
    out, res, fdv = one_attack(shooter, weapon, target, idx, **kw)
    lost = sum((res - k[0])*p for k, p in out.items())
    pw = sum(p for k, p in out.items() if k[5] != 'miss')
    pc = sum(p for k, p in out.items() if k[5] == 'crit')
    pH = sum(p for k, p in out.items() if k[4])
    pdead = sum(p for k, p in out.items() if k[3])
    pfr = sum(p for k, p in out.items() if k[2] and not k[3])
    # with Herido test (alive, not fled, wounded): fail both -> flees
    pfh = pfr + sum(p*reaction(k[1])[2] for k, p in out.items() if k[5] != 'miss' and not k[2] and not k[3])
    return dict(RES_lost=lost, P_wounded=pw, P_crit=pc, P_H=pH, P_flee_RES=pfr, P_flee_RES_or_Herido=pfh, P_dead=pdead)

def pr(title, d):
    print(title)
    for k, v in d.items():
        print(f"   {k:22s} {fmt(v)}")

if __name__ == '__main__':
    for i in (1,2,3):
        pr(f"rifle-three-targets target {i}", report('soldado','assault_rifle','pequeno', i, shooter_moved=True))
    for i in (1,2,3):
        pr(f"grenade-template (POT 9) target {i}", report('colono','grenade9','pequeno', i))
    for i in (1,3):
        pr(f"grenade-template (POT 11 default) target {i}", report('colono','grenade','pequeno', i))
    pr("bug-melee grande big_claws vs soldado", report('grande','big_claws','soldado'))
