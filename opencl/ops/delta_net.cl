// Gated DeltaNet: the causal conv with its carried state, the gates, and the delta rule.

// out, in [T, C] contiguous; state [K-1, C], the last inputs, oldest first; weight [C, K].
// One work item per channel, walking the tokens in order.
kernel void causal_conv_silu(global float* out, int out_offset, global const float* in,
                             int in_offset, global float* state, int state_offset,
                             global const float* weight, int T, int C, int K) {
    const int c = get_global_id(0);
    if (c >= C) return;
    const int history = K - 1;
    // Row r of [state; in].
#define CONV_INPUT(r) \
    ((r) < history ? state[state_offset + (size_t)(r) * C + c] \
                   : in[in_offset + (size_t)((r) - history) * C + c])
    for (int t = 0; t < T; ++t) {
        float sum = 0.0f;
        for (int j = 0; j < K; ++j) sum += weight[(size_t)c * K + j] * CONV_INPUT(t + j);
        out[out_offset + (size_t)t * C + c] = sum / (1.0f + exp(-sum));
    }
    // Oldest row first: row T + r is read before any write reaches it.
    for (int r = 0; r < history; ++r) state[state_offset + (size_t)r * C + c] = CONV_INPUT(T + r);
#undef CONV_INPUT
}

// g = A · softplus(a + dt_bias), beta = sigmoid(b); all [T, H] contiguous. Item (h, t).
kernel void delta_gates(global float* g, int g_offset, global float* beta, int beta_offset,
                        global const float* a, int a_offset, global const float* b, int b_offset,
                        global const float* A, global const float* dt_bias, int T, int H) {
    const int h = get_global_id(0), t = get_global_id(1);
    if (h >= H || t >= T) return;
    const size_t i = (size_t)t * H + h;
    const float x = a[a_offset + i] + dt_bias[h];
    const float softplus = x > 20.0f ? x : log1p(exp(x));  // torch's threshold
    g[g_offset + i] = A[h] * softplus;
    beta[beta_offset + i] = sigmoid(b[b_offset + i]);
}

// The gated delta rule, token by token; one work-group per value head h, work item j owns
// column j of the head's state S [Dk, Dv] (no two items touch the same column):
//   S ← exp(g)·S;  δ = β·(v − Sᵀk);  S ← S + k δᵀ;  out = Sᵀq / sqrt(Dk)
// q, k rows of [T, Hk·Dk] with token stride qk_stride; v [T, Hv·Dv] with v_stride;
// out [T, Hv·Dv], g, beta [T, Hv] contiguous; state [Hv, Dk, Dv].
kernel void delta_rule(global float* out, int out_offset, global float* state, int state_offset,
                       global const float* q, int q_offset, global const float* k, int k_offset,
                       int qk_stride, global const float* v, int v_offset, int v_stride,
                       global const float* g, int g_offset, global const float* beta,
                       int beta_offset, int T, int Hk, int Hv, int Dk, int Dv, int tiled) {
    local float q_t[MAX_HEAD_DIM], k_t[MAX_HEAD_DIM];
    const int h = get_group_id(0), lid = get_local_id(0);
    const int key_head = tiled ? h % Hk : h / (Hv / Hk);
    global float* S = state + state_offset + (size_t)h * Dk * Dv;
    const float q_scale = 1.0f / sqrt((float)Dk);
    for (int t = 0; t < T; ++t) {
        for (int i = lid; i < Dk; i += DELTA_GROUP) {
            q_t[i] = q[q_offset + (size_t)t * qk_stride + key_head * Dk + i];
            k_t[i] = k[k_offset + (size_t)t * qk_stride + key_head * Dk + i];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        const float decay = exp(g[g_offset + (size_t)t * Hv + h]);
        const float b = beta[beta_offset + (size_t)t * Hv + h];
        for (int j = lid; j < Dv; j += DELTA_GROUP) {
            float remembered = 0.0f;  // (Sᵀk)[j] after the decay
            for (int i = 0; i < Dk; ++i) {
                const float decayed = S[(size_t)i * Dv + j] * decay;
                S[(size_t)i * Dv + j] = decayed;
                remembered += decayed * k_t[i];
            }
            const float delta = b * (v[v_offset + (size_t)t * v_stride + h * Dv + j] - remembered);
            float read = 0.0f;
            for (int i = 0; i < Dk; ++i) {
                const float updated = S[(size_t)i * Dv + j] + k_t[i] * delta;
                S[(size_t)i * Dv + j] = updated;
                read += updated * q_t[i];
            }
            out[out_offset + ((size_t)t * Hv + h) * Dv + j] = read * q_scale;
        }
        barrier(CLK_LOCAL_MEM_FENCE);  // q_t, k_t are reloaded for the next token
    }
}

// The same rule a chunk of DELTA_CHUNK tokens at a time (the WY/UT form of the Gated DeltaNet
// paper), for prefill. Within a chunk starting from state S₀, with G_t the running sum of the
// chunk's g (so the decay from token s to token t is e^(G_t − G_s) <= 1):
//   δ_t = β_t (v_t − e^(G_t) S₀ᵀk_t) − Σ_{s<t} β_t e^(G_t − G_s) (k_t·k_s) δ_s   (forward substitution)
//   o_t = (e^(G_t) S₀ᵀq_t + Σ_{s<=t} e^(G_t − G_s) (q_t·k_s) δ_s) / sqrt(Dk)
//   S   ← e^(G_n) S₀ + Σ_s e^(G_n − G_s) k_s δ_sᵀ                                 (n: chunk length)
// so the state is read twice and written once per chunk instead of twice per token. One
// work-group per value head: the items first fill the chunk's n×n products, then item j takes
// column j of the state as in delta_rule. Same arguments as delta_rule.
kernel void delta_rule_chunked(global float* out, int out_offset, global float* state,
                               int state_offset, global const float* q, int q_offset,
                               global const float* k, int k_offset, int qk_stride,
                               global const float* v, int v_offset, int v_stride,
                               global const float* g, int g_offset, global const float* beta,
                               int beta_offset, int T, int Hk, int Hv, int Dk, int Dv, int tiled) {
    // products[t][s], s < t: β_t e^(G_t − G_s) k_t·k_s; products[s][t], s <= t:
    // e^(G_t − G_s) q_t·k_s (the two triangles of one array, to halve the local memory).
    local float products[DELTA_CHUNK * DELTA_CHUNK];
    local float decay_sum[DELTA_CHUNK], beta_t[DELTA_CHUNK];
    const int h = get_group_id(0), lid = get_local_id(0);
    const int key_head = tiled ? h % Hk : h / (Hv / Hk);
    global float* S = state + state_offset + (size_t)h * Dk * Dv;
    const float q_scale = 1.0f / sqrt((float)Dk);
    // Row t of the chunk's q, k (starting at token c0).
#define Q_ROW(t) (q + q_offset + (size_t)(c0 + (t)) * qk_stride + key_head * Dk)
#define K_ROW(t) (k + k_offset + (size_t)(c0 + (t)) * qk_stride + key_head * Dk)
    for (int c0 = 0; c0 < T; c0 += DELTA_CHUNK) {
        const int n = min(DELTA_CHUNK, T - c0);
        if (lid == 0) {
            float sum = 0.0f;
            for (int t = 0; t < n; ++t) {
                sum += g[g_offset + (size_t)(c0 + t) * Hv + h];
                decay_sum[t] = sum;
                beta_t[t] = beta[beta_offset + (size_t)(c0 + t) * Hv + h];
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int p = lid; p < n * n; p += DELTA_GROUP) {
            const int t = p / n, s = p % n;
            if (s > t) continue;
            global const float *q_t = Q_ROW(t), *k_t = K_ROW(t), *k_s = K_ROW(s);
            float kk = 0.0f, qk = 0.0f;
            for (int i = 0; i < Dk; ++i) {
                kk += k_t[i] * k_s[i];
                qk += q_t[i] * k_s[i];
            }
            const float decay = exp(decay_sum[t] - decay_sum[s]);
            if (s < t) products[t * DELTA_CHUNK + s] = beta_t[t] * decay * kk;
            products[s * DELTA_CHUNK + t] = decay * qk;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = lid; j < Dv; j += DELTA_GROUP) {
            float delta[DELTA_CHUNK], read[DELTA_CHUNK];  // first (S₀ᵀk_t)[j], (S₀ᵀq_t)[j]
            for (int t = 0; t < n; ++t) {
                global const float *q_t = Q_ROW(t), *k_t = K_ROW(t);
                float kS = 0.0f, qS = 0.0f;
                for (int i = 0; i < Dk; ++i) {
                    const float s0 = S[(size_t)i * Dv + j];
                    kS += k_t[i] * s0;
                    qS += q_t[i] * s0;
                }
                delta[t] = kS;
                read[t] = qS;
            }
            for (int t = 0; t < n; ++t) {  // delta[s < t] is δ_s by now, delta[t] still S₀ᵀk_t
                const float v_tj = v[v_offset + (size_t)(c0 + t) * v_stride + h * Dv + j];
                float d = beta_t[t] * (v_tj - exp(decay_sum[t]) * delta[t]);
                for (int s = 0; s < t; ++s) d -= products[t * DELTA_CHUNK + s] * delta[s];
                delta[t] = d;
            }
            for (int t = 0; t < n; ++t) {
                float o = exp(decay_sum[t]) * read[t];
                for (int s = 0; s <= t; ++s) o += products[s * DELTA_CHUNK + t] * delta[s];
                out[out_offset + ((size_t)(c0 + t) * Hv + h) * Dv + j] = o * q_scale;
            }
            const float decay_end = decay_sum[n - 1];
            for (int t = 0; t < n; ++t) read[t] = exp(decay_end - decay_sum[t]) * delta[t];
            for (int i = 0; i < Dk; ++i) {
                float updated = exp(decay_end) * S[(size_t)i * Dv + j];
                for (int t = 0; t < n; ++t) updated += K_ROW(t)[i] * read[t];
                S[(size_t)i * Dv + j] = updated;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);  // the next chunk refills products and the gates
    }
#undef Q_ROW
#undef K_ROW
}
