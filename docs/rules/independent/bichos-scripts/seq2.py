from seq import *
import bichos
from shots import PROF, WEAP
def make_step_h(shooter, weapon, target, **kw):
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
            for k, p in resolve(kind, state, hda, nd, pot, bld, res0).items():
                s2 = k[:4]; p = fd[kind]*float(p)
                if s2[2] or s2[3]: out[('out',)] += p; continue
                a, b, c = (float(x) for x in reaction(s2[1]))
                out[('out',)] += p*c; out[s2] += p*a; out[(s2[0], s2[1]-1, False, False)] += p*b
        cache[state] = dict(out); return cache[state]
    return step, (res0, fdv, False, False)
def seq_h(*a, cap=200, **kw):
    step, s0 = make_step_h(*a, **kw)
    dist = {s0: 1.0}; cdf = []; out = 0.0
    for n in range(cap):
        nd = defaultdict(float)
        for s, p in dist.items():
            for s2, q in step(s).items():
                if s2 == ('out',): out += p*q
                else: nd[s2] += p*q
        dist = nd; cdf.append(out)
    return cdf
if __name__ == '__main__':
    c = seq_h('soldado', 'heavy_weapon', 'grande', cap=200)
    m, med = stats(c, 200)
    print('heavy vs grande incl Herido: P(out after 1)', round(c[0],6), 'after 3', round(c[2],6), 'mean', round(m,4), 'median', med)
    print([round(x,4) for x in c[:15]])
