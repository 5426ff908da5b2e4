// The k best entries of a logits row, largest first, ties to the lower index, NaN after every
// number (engine::better_candidate), in passes that shrink the row to one list of k:
//   top_k_row: item p keeps the k best of entries p, p + items, p + 2·items, ... (a GPU reads
//              the row coalesced) in a sorted private list and writes it out;
//   top_k_merge: item p merges lists p·fan_in ... p·fan_in + fan_in − 1 into one;
// the host repeats top_k_merge until one list is left. Lists are k values and k indices.

bool better(float a, int i, float b, int j) {
    if (isnan(b)) return !isnan(a) || i < j;
    return a > b || (a == b && i < j);
}

// Puts (value, index) into the sorted list of k when it beats the list's last entry.
void insert_sorted(float* values, int* indices, int k, float value, int index) {
    if (!better(value, index, values[k - 1], indices[k - 1])) return;
    int at = k - 1;
    while (at > 0 && better(value, index, values[at - 1], indices[at - 1])) {
        values[at] = values[at - 1];
        indices[at] = indices[at - 1];
        --at;
    }
    values[at] = value;
    indices[at] = index;
}

// An empty list: entries every real one beats (NaN with the largest index).
void clear_list(float* values, int* indices, int k) {
    for (int i = 0; i < k; ++i) {
        values[i] = NAN;
        indices[i] = INT_MAX;
    }
}

void write_list(global float* out_values, global int* out_indices, int list, int k,
                const float* values, const int* indices) {
    for (int i = 0; i < k; ++i) {
        out_values[(size_t)list * k + i] = values[i];
        out_indices[(size_t)list * k + i] = indices[i];
    }
}

// row: n floats from row_offset; k <= TOP_K_MAX; out: `items` lists.
kernel void top_k_row(global const float* row, int row_offset, int n, int k, int items,
                      global float* out_values, global int* out_indices) {
    const int p = get_global_id(0);
    if (p >= items) return;
    float values[TOP_K_MAX];
    int indices[TOP_K_MAX];
    clear_list(values, indices, k);
    for (int i = p; i < n; i += items) insert_sorted(values, indices, k, row[row_offset + i], i);
    write_list(out_values, out_indices, p, k, values, indices);
}

// in: `lists` lists; out: ceil(lists / fan_in) lists.
kernel void top_k_merge(global const float* in_values, global const int* in_indices, int lists,
                        int k, int fan_in, global float* out_values, global int* out_indices) {
    const int p = get_global_id(0);
    const int first = p * fan_in;
    if (first >= lists) return;
    float values[TOP_K_MAX];
    int indices[TOP_K_MAX];
    clear_list(values, indices, k);
    const int end = min(lists, first + fan_in);
    for (size_t i = (size_t)first * k; i < (size_t)end * k; ++i)
        insert_sorted(values, indices, k, in_values[i], in_indices[i]);
    write_list(out_values, out_indices, p, k, values, indices);
}
