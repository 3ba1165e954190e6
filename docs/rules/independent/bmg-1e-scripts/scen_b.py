from bmg1e import *
# Batman: A5, Str 3+, Reinforced Gloves ★★ unarmed; Thug D3, E5, 2 DC
show("B1 batman-brawl standing, 2 DC all rolled", melee(4, 3, 5, 3, 2, 0, block_dice=2, endurance=5))
show("B1' standing, DC spent only up to #impacts", melee(4, 3, 5, 3, 2, 0, block_dice=2, endurance=5, blocks_mode="min"))
show("B2 knocked down (2+, no blocks)", melee(4, 2, 5, 3, 2, 0, block_dice=0, endurance=5))
show("B3 paralyzed (D3-2=1 -> natural 2+, no blocks)", melee(4, 1, 5, 3, 2, 0, block_dice=0, endurance=5))
show("C1 numerical inferiority (Thug D2), 2 DC", melee(4, 2, 5, 3, 2, 0, block_dice=2, endurance=5))
show("C2 target Robin (D4, Martial Artist, NI ignored), no DC", melee(4, 4, 5, 3, 2, 0, block_dice=0, endurance=6))
show("C2' Robin if NI applied (D3), no DC", melee(4, 3, 5, 3, 2, 0, block_dice=0, endurance=6))
show("C3 Thug 3 AC vs Batman D5, no DC", melee(3, 5, 3, 4, 1, 0, block_dice=0, endurance=8))
show("C3' Thug 3 AC vs outnumbered Batman D4, no DC", melee(3, 4, 3, 4, 1, 0, block_dice=0, endurance=8))
