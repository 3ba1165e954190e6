from bichos import *
# soldier rifle vs small bug (RES 49, FDV 7, BLD 8), effective range, 1st target, no cover
fd = firing_dist(10)
res0 = 49
def after_tests(dist, herido=True, bajo_fuego=False):
    """returns P(dead), P(flees: RES<=0 or failed test, alive), P(passed 2nd herido -> ducks), P(keeps)"""
    out = defaultdict(F)
    for (res, fdv, fled, dead, H), p in dist.items():
        if dead: out['dead'] += p; continue
        if fled: out['flee_res'] += p; continue
        f = fdv
        if herido:
            p1, p2, p3 = reaction(f)
            out['flee_herido'] += p*p3
            # passed 2nd: FDV-1, ducks (under fire)
            if bajo_fuego:
                for (q, ff, tag) in [(p1, f, 'h1'), (p2, f-1, 'h2')]:
                    b1, b2, b3 = reaction(ff)
                    out['flee_bajofuego'] += p*q*b3
                    out[tag+'_bf2_duck'] += p*q*b2
                    out[tag+'_bf1'] += p*q*b1
            else:
                out['herido_pass1'] += p*p1; out['herido_pass2_duck'] += p*p2
        else:
            out['alive_no_test'] += p
    return dict(out)
for kind in ['light', 'crit']:
    d = resolve(kind, (49, 7, False, False), 10, 3, 11, 8, res0)
    print(kind, {k: str(v) for k, v in summarize(d).items()})
    for mode in [(False, False), (True, False), (True, True)]:
        r = after_tests(d, *mode)
        print('  herido=%s bajo_fuego=%s' % mode, {k: fmt(v) for k, v in r.items()})
# combine per hit and per shot
ph = fd['crit'] + fd['light']
for mode in [(False, False), (True, False), (True, True)]:
    tot = defaultdict(F)
    for kind in ['light', 'crit']:
        d = resolve(kind, (49, 7, False, False), 10, 3, 11, 8, res0)
        for k, v in after_tests(d, *mode).items():
            tot[k] += fd[kind]*v
    flee = sum(v for k, v in tot.items() if k.startswith('flee'))
    print(mode, 'P(flee|hit)=', fmt(flee/ph), 'P(dead|hit)=', fmt(tot['dead']/ph), 'P(flee per shot)=', fmt(flee), 'P(dead per shot)=', fmt(tot['dead']))
# miss, with bajo fuego only: shot at and missed
b1,b2,b3 = reaction(7)
print('missed, bajo fuego at FDV7: flee', fmt(b3), 'duck', fmt(b2))
mode=(True,True)
tot = defaultdict(F)
for kind in ['light', 'crit']:
    d = resolve(kind, (49, 7, False, False), 10, 3, 11, 8, res0)
    for k, v in after_tests(d, *mode).items():
        tot[k] += fd[kind]*v
flee = sum(v for k, v in tot.items() if k.startswith('flee')) + fd['miss']*b3
print('per shot incl. bajo fuego on a miss: P(flee)=', fmt(flee))
