"""Exact Markov-chain duel (numpy). Reading described in duel.py docstring."""
import sys
sys.path.insert(0, '.pylib')
import numpy as np
from duel import attack_fn
from shots import PROF

def build(prof, atk):
    _, _, F0, R0, _ = PROF[prof]
    states = [(r, f, s) for r in range(1, R0+1) for f in range(0, F0+1) for s in (0, 1)]
    idx = {st: i for i, st in enumerate(states)}
    n = len(states)
    T = np.zeros((n, n)); fled = np.zeros(n); dead = np.zeros(n)
    for i, (r, f, s) in enumerate(states):
        for (r2, f2, st, sk), p in atk(r, f).items():
            if st == 'fled': fled[i] += p
            elif st == 'dead': dead[i] += p
            else:
                T[i, idx[(r2, max(f2, 0), 1 if (s or sk) else 0)]] += p
    return states, idx, T, fled, dead

def run(rounds=6, bajo_fuego=False, verbose=True):
    atkA = attack_fn('soldado', 'assault_rifle', 'grande', True, bajo_fuego)   # A shoots B
    atkB = attack_fn('grande', 'big_claws', 'soldado', False, False)          # B claws A
    sB, iB, TB, fB, dB = build('grande', atkA)    # transitions of B's state under A's attack
    sA, iA, TA, fA, dA = build('soldado', atkB)
    nA, nB = len(sA), len(sB)
    fdvA = np.array([s[1] for s in sA]); fdvB = np.array([s[1] for s in sB])
    skA = np.array([s[2] for s in sA], bool); skB = np.array([s[2] for s in sB], bool)
    unA = np.array([iA[(s[0], s[1], 0)] for s in sA]); unB = np.array([iB[(s[0], s[1], 0)] for s in sB])
    M = np.where(fdvA[:, None] > fdvB[None, :], 1.0, np.where(fdvA[:, None] < fdvB[None, :], 0.0, 0.5))
    P = np.zeros((nA, nB)); P[iA[(81, 9, 0)], iB[(120, 10, 0)]] = 1.0
    tally = {}
    def actA(P, t):
        new = np.zeros_like(P)
        np.add.at(new, unA[skA], P[skA])          # stand up / recover from duck
        Pn = P[~skA]
        new[~skA] += Pn @ TB
        tally[('B', 'fled', t)] = tally.get(('B', 'fled', t), 0) + (Pn @ fB).sum()
        tally[('B', 'dead', t)] = tally.get(('B', 'dead', t), 0) + (Pn @ dB).sum()
        return new
    def actB(P, t):
        new = np.zeros_like(P)
        np.add.at(new.T, unB[skB], P[:, skB].T)
        Pn = P[:, ~skB]
        new[:, ~skB] += TA.T @ Pn
        tally[('A', 'fled', t)] = tally.get(('A', 'fled', t), 0) + (fA @ Pn).sum()
        tally[('A', 'dead', t)] = tally.get(('A', 'dead', t), 0) + (dA @ Pn).sum()
        return new
    for t in range(1, rounds+1):
        P1 = actB(actA(P*M, t), t)
        P2 = actA(actB(P*(1-M), t), t)
        P = P1 + P2
    res = dict(A_wins=sum(v for k, v in tally.items() if k[0] == 'B'),
               B_wins=sum(v for k, v in tally.items() if k[0] == 'A'), draw=P.sum())
    for who in 'AB':
        for st in ('fled', 'dead'):
            res[f'{who}_{st}'] = sum(v for k, v in tally.items() if k[0] == who and k[1] == st)
    res['ended_by_turn'] = [sum(v for k, v in tally.items() if k[2] == t) for t in range(1, rounds+1)]
    return res

if __name__ == '__main__':
    for bf in (False, True):
        r = run(6, bf)
        print('bajo_fuego', bf, {k: (round(v, 4) if not isinstance(v, list) else [round(x, 4) for x in v]) for k, v in r.items()})
