from shoot import *
print("| gun | dist | reaction | cover | D | R | P(hit) dice only, no luck | P(hit) never+luck | P(hit) fewest+luck | P(hit) numonly+luck | E[dmg] never / fewest / numonly (luck) | E[crits] never / fewest / numonly | E[cards] fewest / numonly (spend-none; spend-all-if-short) |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for g in guns:
    for dist in [4, 12, 20]:
        for reaction in ["stand", "dive"]:
            for cover in ["none", "partial", "heavy"]:
                ns, nt, r0 = cell(g, dist, reaction, cover, "never", luck=False)
                _, _, rn = cell(g, dist, reaction, cover, "never")
                _, _, rf = cell(g, dist, reaction, cover, "fewest_to_win")
                _, _, ro = cell(g, dist, reaction, cover, "number_cards_only")
                _, _, rfa = cell(g, dist, reaction, cover, "fewest_to_win", fail_spend="all")
                _, _, roa = cell(g, dist, reaction, cover, "number_cards_only", fail_spend="all")
                print(f"| {g} | {dist} | {reaction} | {cover} | {ns} | {nt} | {r0['ph']} = {d4(r0['ph'])} | {rn['ph']} = {d4(rn['ph'])} | {d4(rf['ph'])} | {d4(ro['ph'])} | {d4(rn['dmg'])} / {d4(rf['dmg'])} / {d4(ro['dmg'])} | {d4(rn['crit'])} / {d4(rf['crit'])} / {d4(ro['crit'])} | {d4(rf['cards'])} / {d4(ro['cards'])}; {d4(rfa['cards'])} / {d4(roa['cards'])} |")
