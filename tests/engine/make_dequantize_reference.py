#!/usr/bin/env python3
"""Writes dequantize_reference.bin: random blocks of the GGUF types published files mix in, and
the floats ggml's reference dequantization gives for them, for quants_published_test.cpp.

The reference is the `gguf` package's quants.py (pinned in tests/requirements.txt), a numpy
port of ggml's dequantize_row_* that llama.cpp's own tests hold to the C code. Its licence is
MIT; the file holds only numbers it computed.

Usage: python3 make_dequantize_reference.py OUT.bin
Format, little-endian, per type: u32 ggml type id, u32 block count, u32 values per block,
u32 bytes per block, the blocks, then the float32 values.
"""
import struct
import sys

import numpy as np
from gguf import GGMLQuantizationType as T
from gguf.constants import GGML_QUANT_SIZES
from gguf.quants import dequantize

# Where each type keeps its float16 scales (d, and the min or dmin where there is one):
# random bits there would often be NaN or infinity, so those bytes get finite values.
HALF_OFFSETS = {
    T.Q4_1: [0, 2],
    T.Q5_0: [0],
    T.Q5_1: [0, 2],
    T.IQ4_NL: [0],
    T.Q3_K: [108],
    T.Q5_K: [0, 2],
    T.IQ4_XS: [0],
}
BLOCKS = {32: 32, 256: 8}  # blocks per type, by values per block


def main() -> None:
    rng = np.random.default_rng(20261201)
    out = bytearray()
    for qtype, halves in HALF_OFFSETS.items():
        values, size = GGML_QUANT_SIZES[qtype]
        count = BLOCKS[values]
        blocks = rng.integers(0, 256, size=(count, size), dtype=np.uint8)
        for offset in halves:
            scales = rng.uniform(-2.0, 2.0, size=count).astype(np.float16)
            blocks[:, offset : offset + 2] = scales.view(np.uint8).reshape(count, 2)
        floats = dequantize(blocks.reshape(-1), qtype).astype(np.float32)
        assert floats.size == count * values and np.isfinite(floats).all()
        out += struct.pack("<4I", int(qtype), count, values, size)
        out += blocks.tobytes()
        out += floats.astype("<f4").tobytes()
    with open(sys.argv[1], "wb") as file:
        file.write(out)


if __name__ == "__main__":
    main()
