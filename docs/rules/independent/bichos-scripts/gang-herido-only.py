# Sensitivity only: 'herido_only' reading (a wounded figure takes only the Herido test, no Bajo fuego).
from crosscheck import N, test, F, defaultdict
def step(dist, pot):
    out = defaultdict(F)
    for st, w in dist.items():
        if st in ('dead','fled'): out[st] += w; continue
        fdv, cov = st; m = 1 if cov else 0
        crit = N[2]+N[5]+N[11]+N[12]+(0 if cov else N[8]); light = N[3]+N[6]+N[9]; miss = 1-crit-light
        pH = sum((N[r] for r in N if r+pot-4 > 10), F(0)); pM = sum((N[r] for r in N if r+fdv <= 13), F(0))
        hits = defaultdict(F); hits[fdv] += light+crit*(1-pH); hits[fdv-1] += crit*pH*(1-pM)
        out['dead'] += w*crit*pH*pM
        a,b,c = test(fdv+m); out['fled'] += w*miss*c; out[(fdv,cov)] += w*miss*a; out[(fdv,True)] += w*miss*b
        for f,q in hits.items():
            a,b,c = test(f+m); out['fled'] += w*q*c; out[(f,cov)] += w*q*a; out[(f-1,True)] += w*q*b
    return out
for seq in ([11],[11,11],[11,11,11,9],[9,11,11,11]):
    d = {(10,False):F(1)}
    for p in seq: d = step(d,p)
    print(seq, float(d['dead']+d['fled']), float(d['dead']))
