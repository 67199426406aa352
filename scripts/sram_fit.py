#!/usr/bin/python3
"""Fit the SRAM law's shape (sim/energy/sram.h) to CACTI 7's grid and print sram_fit.h.

usage: scripts/sram_fit.py GRID.tsv > sim/energy/sram_fit.h

GRID.tsv is ../shared/reference/cacti7/grid.tsv (its README says how CACTI 7 was run). The fit
uses its 40 nm rows where the presets price arrays: up to 64 KB with at most 8 ports (6R2W, the
most any preset prices), and up to 256 KB with one or two (a main RF priced as one array), but
256 KB of 1024-bit lines (an artefact of CACTI's optimizer, ARTEFACTS); every row is still
reported by `gpurf energy --check`. Each quantity has its own form (below,
and the same in sram.c), fitted by least squares on the logarithm, so that every array weighs
alike whatever its size; read energy and leakage also keep the ratio of Jeon & Annavaram's two
anchors (a 10-bit renaming-table bank against a 4 KB register bank, Table 2), which lie below
the grid's narrowest line, so that one scale and one decoder term later meet both exactly.
Run by Debian's python3 with python3-numpy and python3-scipy (scipy.optimize.least_squares,
several seeded starts): the result is the same on every run."""
import csv
import sys

import numpy as np
from scipy.optimize import least_squares

# the forms: x are the fitted constants, in the order sram_fit.h lists them; b bits per line,
# r rows, p ports (reads + writes; one read/write port is 1)


def dynamic(x, b, r, p):
    """read or write energy, pJ: a1 each bit's wordline and sense amplifier, a2 a bit's share
    of the data wires across the line (grows with its width), a3 its bitline (rows, with
    exponents for height and width), a4 the H-tree of a large array, a5 the row decoder"""
    a1, a2, a3, pw, ph, a4, be, ga, a5, de = x
    k1, k2 = 1 + pw * (p - 1), 1 + ph * (p - 1)
    return (b * (a1 * k1 + a2 * b * k1 / 1024 + a3 * (r * k2 / 256) ** be * (b / 128) ** de)
            + a4 * (r * b * k1 * k2 / 1e6) ** ga + a5 * np.log2(r) / 8)


def leakage(x, b, r, p):
    """leakage, mW: c1 the cells (each port's access transistors), c2 the data wires' drivers,
    c3 and c4 the row and column periphery, c5 the decoder"""
    c1, pw, ph, c2, c3, c4, p2, c5, p3 = x
    k1, k2, kp, kq = 1 + pw * (p - 1), 1 + ph * (p - 1), 1 + p2 * (p - 1), 1 + p3 * (p - 1)
    return (c1 * r * b * kq / 1e6 + c2 * b * b * k1 * k2 / 1e7 + c3 * r * kp / 1e4
            + c4 * b * kp / 1e4 + c5 * np.log2(r) / 8)


def area(x, b, r, p):
    """area, mm^2 at 40 nm: c1 the cells (each port widens and heightens a cell), c2 the data
    wires across the line, c3 and c4 the row and column periphery, c5 the decoder"""
    c1, pw, ph, c2, c3, c4, p2, c5 = x
    k1, k2, kp = 1 + pw * (p - 1), 1 + ph * (p - 1), 1 + p2 * (p - 1)
    return (c1 * r * b * k1 * k2 / 1e6 + c2 * b * b * k1 * k2 / 1e7 + c3 * r * kp / 1e4
            + c4 * b * kp / 1e4 + c5 * np.log2(r) / 8)


# the grid README's observation 9: CACTI's ED^2 choice of organization makes 256 KB of 1024-bit
# lines jump (Nspd 2: 177 pJ a read, 121 pJ with an energy-only objective)
ARTEFACTS = {(262144, 1024)}
BANK = (128.0, 256.0, 1.0)     # Jeon & Annavaram's 4 KB bank: 128-bit lines, 256 rows
TABLE = (10.0, 204.8, 1.0)     # a bank of their 1 KB renaming table: 10-bit entries
EXPONENTS = {dynamic: (6, 7, 9)}  # constants that are exponents: kept in [1/4, 4]
QUANTITIES = [  # name, column, form, constants, anchors' ratio (table / bank)
    ("READ", "read_pj", dynamic, 10, 1.14 / 4.68),
    ("WRITE", "write_pj", dynamic, 10, 1.14 / 4.68),
    ("LEAK", "leakage_mw", leakage, 9, 0.27 / 2.8),
    ("AREA", "area_mm2", area, 8, None),
]


def load(path):
    pts = []
    with open(path) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if not row["read_pj"] or row["node_nm"] != "40":
                continue
            p = int(row["rw_ports"]) + int(row["read_ports"]) + int(row["write_ports"])
            cap, bits = int(row["capacity_bytes"]), int(row["line_bits"])
            if p <= 8 and (p <= 2 or cap <= 65536) and (cap, bits) not in ARTEFACTS:
                pts.append((row, float(row["line_bits"]), float(row["rows"]), float(p)))
    return pts


def fit(pts, column, form, n, ratio):
    y = np.array([float(row[column]) for row, _, _, _ in pts])
    b, r, p = (np.array([pt[k] for pt in pts]) for k in (1, 2, 3))

    def residual(lx):
        x = np.exp(lx)
        res = np.log(form(x, b, r, p)) - np.log(y)
        if ratio:
            t = form(x, *(np.array([v]) for v in TABLE)) / form(x, *(np.array([v]) for v in BANK))
            res = np.concatenate([res, 10 * (np.log(t) - np.log(ratio))])
        return res

    lo, hi = np.full(n, -40.0), np.full(n, 12.0)
    for k in EXPONENTS.get(form, ()):
        lo[k], hi[k] = np.log(0.25), np.log(4)
    best = None
    for seed in range(40):
        x0 = np.clip(np.random.RandomState(seed).uniform(-5, 1, n), lo + 1e-9, hi - 1e-9)
        with np.errstate(all="ignore"):
            try:
                res = least_squares(residual, x0, bounds=(lo, hi))
            except ValueError:
                continue
        if np.all(np.isfinite(res.fun)) and (best is None or res.cost < best.cost):
            best = res
    err = np.exp(best.fun[: len(y)]) - 1
    return np.exp(best.x), np.median(np.abs(err)), np.max(np.abs(err))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: sram_fit.py GRID.tsv")
    pts = load(sys.argv[1])
    print("/* Generated by scripts/sram_fit.py from CACTI 7's grid (../shared/reference/cacti7/")
    print(" * grid.tsv, %d rows at 40 nm: up to 64 KB with at most 8 ports, up to 256 KB with one or" % len(pts))
    print(" * two): the SRAM law's shape constants,")
    print(" * in the order of the forms in sram.c. Do not edit; tests/run_energy.sh regenerates it. */")
    print("#ifndef GPURF_SRAM_FIT_H\n#define GPURF_SRAM_FIT_H")
    for name, column, form, n, ratio in QUANTITIES:
        x, med, mx = fit(pts, column, form, n, ratio)
        print("/* %s: %s, median error %.1f %%, largest %.1f %% */" % (form.__name__, column, 100 * med, 100 * mx))
        print("#define SRAM_FIT_%s {%s}" % (name, ", ".join("%.6e" % v for v in x)))
    print("#endif")


main()
