from bichos import *
print("Scenario A: target RES 20, FDV 12")
cases = [("soldado assault_rifle (HDA10, 3D6, POT11) vs BLD 8", 10, 3, 11, 8),
         ("soldado heavy_weapon (HDA10, 2D6, POT9) vs BLD 12", 10, 2, 9, 12)]
for name, hda, nd, pot, bld in cases:
    print("==", name)
    fd = firing_dist(10)
    print(" firing (effective, 1st target, no cover):", {k: str(v) for k, v in fd.items()})
    for timing in ['immediate', 'prehit']:
        for low in ['extend', 'clamp']:
            dc = resolve('crit', (20, 12, False, False), hda, nd, pot, bld, 20, timing, low)
            dl = resolve('light', (20, 12, False, False), hda, nd, pot, bld, 20, timing, low)
            sc, sl = summarize(dc), summarize(dl)
            pshot = fd['crit']*sc['dead'] + fd['light']*sl['dead']
            phit = (fd['crit']*sc['dead'] + fd['light']*sl['dead'])/(fd['crit']+fd['light'])
            print(f"  timing={timing:9s} low={low:6s} P(dead|crit)={fmt(sc['dead'])}  P(dead|light)={fmt(sl['dead'])}  P(dead|hit)={fmt(phit)}  P(dead per shot)={fmt(pshot)}  P(fled alive|crit)={fmt(sc['fled_alive'])}")
