"""Tiny Qwen3.5 GGUF files written as llama.cpp's converter writes them (gguf-py, its own
writer: tensor names, keys, the multi-token-prediction block, the embedded byte-level BPE
tokenizer), with seeded random weights: the same arguments give the same bytes.
"""
import dataclasses
import zlib

import gguf
import numpy as np

T = gguf.MODEL_TENSOR


@dataclasses.dataclass(frozen=True)
class Shape:
    hidden: int = 64
    ffn: int = 128
    heads: int = 4
    kv_heads: int = 1
    head_dim: int = 32
    linear_heads: int = 2  # key and value heads of the Gated DeltaNet layers
    linear_dim: int = 16
    conv: int = 4
    layers: int = 4
    interval: int = 4  # every interval-th layer is full attention
    weight_scale: float = 0.1  # standard deviation of the matrices' weights


def name(tensor, layer=None, suffix=".weight"):
    base = gguf.TENSOR_NAMES[tensor]
    return (base.format(bid=layer) if layer is not None else base) + suffix


def byte_tokens():
    """GPT-2's byte alphabet: printable bytes as themselves, the others from U+0100."""
    printable = [*range(ord("!"), ord("~") + 1), *range(0xA1, 0xAD), *range(0xAE, 0x100)]
    table, extra = {}, 0
    for byte in range(256):
        if byte in printable:
            table[byte] = chr(byte)
        else:
            table[byte] = chr(256 + extra)
            extra += 1
    return [table[b] for b in range(256)]


# 256 bytes, one merge ("Ġt"), then the control tokens; <|im_end|> is the end of a turn.
TOKENS = byte_tokens() + ["\u0120t", "<|endoftext|>", "<|im_start|>", "<|im_end|>"]
EOS = len(TOKENS) - 1


def tensors(shape, mtp, seed):
    """(name, float32 array) in the converter's order; the MTP block is one more layer."""
    rng = np.random.default_rng(seed)
    s = shape

    def matrix(rows, cols):
        return (rng.standard_normal((rows, cols)) * s.weight_scale).astype(np.float32)

    def norm(size):
        return (1.0 + 0.05 * rng.standard_normal(size)).astype(np.float32)

    conv_dim = 3 * s.linear_dim * s.linear_heads
    yield name(T.TOKEN_EMBD), matrix(len(TOKENS), s.hidden)
    yield name(T.OUTPUT_NORM), norm(s.hidden)
    for layer in range(s.layers + (1 if mtp else 0)):
        yield name(T.ATTN_NORM, layer), norm(s.hidden)
        yield name(T.ATTN_POST_NORM, layer), norm(s.hidden)
        # The MTP block is one full-attention layer, whatever the interval says.
        if (layer + 1) % s.interval == 0 or layer == s.layers:
            yield name(T.ATTN_Q, layer), matrix(2 * s.heads * s.head_dim, s.hidden)
            yield name(T.ATTN_K, layer), matrix(s.kv_heads * s.head_dim, s.hidden)
            yield name(T.ATTN_V, layer), matrix(s.kv_heads * s.head_dim, s.hidden)
            yield name(T.ATTN_OUT, layer), matrix(s.hidden, s.heads * s.head_dim)
            yield name(T.ATTN_Q_NORM, layer), norm(s.head_dim)
            yield name(T.ATTN_K_NORM, layer), norm(s.head_dim)
        else:
            yield name(T.ATTN_QKV, layer), matrix(conv_dim, s.hidden)
            yield name(T.ATTN_GATE, layer), matrix(s.linear_dim * s.linear_heads, s.hidden)
            yield name(T.SSM_CONV1D, layer), matrix(conv_dim, s.conv)
            yield name(T.SSM_DT, layer, ".bias"), norm(s.linear_heads) - 1
            yield name(T.SSM_A, layer, ""), -np.exp(norm(s.linear_heads))
            yield name(T.SSM_BETA, layer), matrix(s.linear_heads, s.hidden)
            yield name(T.SSM_ALPHA, layer), matrix(s.linear_heads, s.hidden)
            yield name(T.SSM_NORM, layer), norm(s.linear_dim)
            yield name(T.SSM_OUT, layer), matrix(s.hidden, s.linear_dim * s.linear_heads)
        yield name(T.FFN_GATE, layer), matrix(s.ffn, s.hidden)
        yield name(T.FFN_UP, layer), matrix(s.ffn, s.hidden)
        yield name(T.FFN_DOWN, layer), matrix(s.hidden, s.ffn)
        if layer == s.layers:
            yield name(T.NEXTN_EH_PROJ, layer), matrix(s.hidden, 2 * s.hidden)
            for tensor in (T.NEXTN_ENORM, T.NEXTN_HNORM, T.NEXTN_SHARED_HEAD_NORM):
                yield name(tensor, layer), norm(s.hidden)


def write_model(path, shape=Shape(), mtp=False, seed=7, stored=None, chat_template=None):
    """Writes the model; stored(name, float32 array) may give a tensor's stored form instead
    (a quantized uint8 array with its gguf.GGMLQuantizationType), or None to keep float32."""
    s = shape
    writer = gguf.GGUFWriter(str(path), "qwen35")
    writer.add_block_count(s.layers + (1 if mtp else 0))
    if mtp:
        writer.add_nextn_predict_layers(1)
    writer.add_context_length(4096)
    writer.add_embedding_length(s.hidden)
    writer.add_feed_forward_length(s.ffn)
    writer.add_head_count(s.heads)
    writer.add_head_count_kv(s.kv_heads)
    writer.add_key_length(s.head_dim)
    writer.add_value_length(s.head_dim)
    writer.add_rope_freq_base(1e7)
    writer.add_layer_norm_rms_eps(1e-6)
    writer.add_rope_dimension_count(s.head_dim // 4)
    # Multimodal rotary sections in Qwen3.5's proportions (11, 11, 10 of 32 pairs); text
    # positions are the same in every section, so they rotate as plain RoPE does.
    pairs = s.head_dim // 8
    section = -(-pairs * 11 // 32)
    writer.add_rope_dimension_sections([section, section, pairs - 2 * section, 0])
    writer.add_ssm_conv_kernel(s.conv)
    writer.add_ssm_state_size(s.linear_dim)
    writer.add_ssm_group_count(s.linear_heads)
    writer.add_ssm_time_step_rank(s.linear_heads)
    writer.add_ssm_inner_size(s.linear_dim * s.linear_heads)
    writer.add_full_attention_interval(s.interval)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("qwen35")
    writer.add_token_list(TOKENS)
    writer.add_token_types([gguf.TokenType.NORMAL] * 257 + [gguf.TokenType.CONTROL] * 3)
    writer.add_token_merges(["\u0120 t"])
    writer.add_eos_token_id(EOS)
    if chat_template is not None:
        writer.add_chat_template(chat_template)
    for tensor_name, values in tensors(shape, mtp, seed):
        form = stored(tensor_name, values) if stored else None
        if form is None:
            writer.add_tensor(tensor_name, values)
        else:
            data, quant_type = form
            writer.add_tensor(tensor_name, data, raw_dtype=quant_type)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def random_iq4_xs(rows, cols, weight_scale, seed, tensor_name):
    """IQ4_XS blocks of seeded random bits (uint8 [rows, bytes per row]): a file with this type
    that no quantizer outside llama.cpp has to reproduce. Per 256 weights: d (f16), the high
    and low bits of eight 6-bit block scales, 128 bytes of 4-bit indices into the IQ4_NL
    table; d is set so that the weights' standard deviation is about weight_scale (the table's
    values have an RMS of ~68, block scales drawn in -16..15 one of ~9)."""
    rng = np.random.default_rng([seed, zlib.crc32(tensor_name.encode())])
    blocks = rows * cols // 256
    d = rng.uniform(0.9, 1.1, blocks) * weight_scale / (68 * 9.2) * rng.choice([-1, 1], blocks)
    scales = rng.integers(16, 48, (blocks, 8))  # the stored scale is value + 32
    scales_h = np.zeros(blocks, np.uint16)
    for block in range(8):
        scales_h |= (scales[:, block] >> 4).astype(np.uint16) << (2 * block)
    low = scales & 0xF
    scales_l = (low[:, 0::2] | (low[:, 1::2] << 4)).astype(np.uint8)
    data = np.concatenate([d.astype(np.float16).view(np.uint8).reshape(blocks, 2),
                           scales_h.view(np.uint8).reshape(blocks, 2), scales_l,
                           rng.integers(0, 256, (blocks, 128), dtype=np.uint8)], axis=1)
    return data.reshape(rows, cols // 256 * 136)
