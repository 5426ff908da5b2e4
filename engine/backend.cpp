#include "engine/backend.hpp"

#include "engine/error.hpp"

namespace fantasma::engine {

Tensor Tensor::row_range(int begin, int count) const {
    if (begin < 0 || count < 0 || begin + count > rows)
        throw ModelError("tensor row range out of bounds");
    Tensor view = *this;
    view.offset += std::size_t(begin) * std::size_t(stride);
    view.rows = count;
    return view;
}

Tensor Tensor::col_range(int begin, int count) const {
    if (begin < 0 || count < 0 || begin + count > cols)
        throw ModelError("tensor column range out of bounds");
    Tensor view = *this;
    view.offset += std::size_t(begin);
    view.cols = count;
    return view;
}

Tensor Tensor::reshaped(int new_rows, int new_cols) const {
    if (!contiguous() || std::int64_t(new_rows) * new_cols != std::int64_t(rows) * cols)
        throw ModelError("tensor reshape of a strided view or to a different size");
    Tensor view = *this;
    view.rows = new_rows;
    view.cols = new_cols;
    view.stride = new_cols;
    return view;
}

}  // namespace fantasma::engine
