# Cross-check: RES never reaches 0 in <=4 shots (max loss 3*26+20=98 < 120), so only (FDV, cover) matter.
from fractions import Fraction as F
from collections import defaultdict
N = {s: F(6 - abs(s - 7), 36) for s in range(2, 13)}
def le(m): return sum((N[s] for s in N if s <= m), F(0))
def test(m):
    p = le(m); return p, (1-p)*p, (1-p)**2
def step(dist, pot):
    out = defaultdict(F)
    for st, w in dist.items():
        if st in ('dead', 'fled'): out[st] += w; continue
        fdv, cov = st
        crit = N[2] + N[5] + N[11] + N[12] + (0 if cov else N[8])
        light = N[3] + N[6] + N[9]
        miss = 1 - crit - light
        pH = sum((N[r] for r in N if r + pot - 4 > 10), F(0))
        pM = sum((N[r] for r in N if r + fdv <= 13), F(0))
        # after-hit FDV distribution, wounded
        hits = {fdv: light + crit * (1 - pH) + crit * pH * (1 - pM), }
        hits = defaultdict(F); hits[fdv] += light + crit*(1-pH); hits[fdv-1] += crit*pH*(1-pM)
        out['dead'] += w * crit * pH * pM
        m = 1 if cov else 0
        def bajo(q, f, ducked):
            a, b, c = test(f + m)
            out['fled'] += q*c; out[(f, cov or ducked)] += q*a; out[(f, True)] += q*b
        bajo(w*miss, fdv, False)
        for f, q in hits.items():
            a, b, c = test(f + m)
            out['fled'] += w*q*c
            bajo(w*q*a, f, False)
            bajo(w*q*b, f-1, True)
    return out
def run(seq):
    d = {(10, False): F(1)}; res = []
    for pot in seq:
        d = step(d, pot); res.append((d['dead'], d['dead'] + d['fled'], d))
    return res
r = run([11])[0]
print("Q1", r[0], float(r[0]), r[1], float(r[1]), "duck&in", float(sum(v for k, v in r[2].items() if k not in ('dead','fled') and k[1])))
for seq in ([11,11,11,9],[9,11,11,11]):
    for i,(dd,oo,_) in enumerate(run(seq),1): print(seq, i, float(oo), float(dd))
print(run([11,11])[1][1])
print(run([11,11,11,9])[3][1], run([9,11,11,11])[3][1])
