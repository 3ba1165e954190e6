import functools, sys
import bichos
from bichos import *
bichos.dice_sum = functools.lru_cache(None)(bichos.dice_sum)
from shots import PROF, WEAP

def make_step(shooter, weapon, target, **kw):
    hda, spot, *_ = PROF[shooter]
    nd, pot = WEAP[weapon]
    if pot is None: pot = spot
    _, _, fdv, res0, bld = PROF[target]
    fd = {k: float(v) for k, v in firing_dist(hda, **kw).items()}
    cache = {}
    def step(state):
        if state in cache: return cache[state]
        out = defaultdict(float)
        out[state] += fd.get('miss', 0.0)
        for kind in ('light', 'crit'):
            if kind not in fd: continue
            for k, p in resolve(kind, state, hda, nd, pot, bld, res0).items():
                out[k[:4]] += fd[kind]*float(p)
        cache[state] = dict(out)
        return cache[state]
    return step, (res0, fdv, False, False)

def sequence(shooter, weapon, target, cap=100, **kw):
    step, s0 = make_step(shooter, weapon, target, **kw)
    dist = {s0: 1.0}
    p_out = []   # P(fled or dead) after n attacks
    p_dead = []
    for n in range(1, cap+1):
        nd = defaultdict(float)
        for s, p in dist.items():
            if s[3]:
                nd[s] += p; continue
            for s2, q in step(s).items():
                nd[s2] += p*q
        dist = nd
        p_out.append(sum(p for s, p in dist.items() if s[2] or s[3]))
        p_dead.append(sum(p for s, p in dist.items() if s[3]))
    return p_out, p_dead

def stats(cdf, cap):
    mean = sum(1 - c for c in cdf)  # E[min(T, cap)] ... approx mean if cdf[-1]~1
    med = next((i+1 for i, c in enumerate(cdf) if c >= 0.5), None)
    return mean, med

if __name__ == '__main__':
    po, pd = sequence('soldado', 'heavy_weapon', 'grande', cap=200)
    for name, c in (('out (fled or dead)', po), ('dead', pd)):
        m, med = stats(c, 200)
        print(name, 'P after 1:', round(c[0], 6), 'after 3:', round(c[2], 6), 'mean attacks (capped 200):', round(m, 4), 'median:', med, 'P(by 200):', c[-1])
        print('   cdf 1..30:', [round(x, 4) for x in c[:30]])
