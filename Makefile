# make eval-markers: the marker-precision benchmark (eval/markers/README.md). Gathers the
# documents (apt-get download, ../shared), runs the fantasma binary over them and writes
# docs/marker-quality.md from the labelled sample.
# make eval: the evaluation on the EBG corpus (eval/README.md). Builds the fantasma binary,
# creates .venv-eval, then writes docs/evaluation.md and docs/evaluation.png.
#   make eval MODEL=path/to/model.gguf   also evaluates `fantasma rewrite --model`
#   make eval FOLDS=1 EVAL_ARGS="--authors 10 --no-embedding"   a quicker look
BUILD ?= build/release
FOLDS ?= 3
MODEL ?=
EVAL_ARGS ?=
JOBS ?= $(shell nproc)

.PHONY: eval eval-markers fantasma

fantasma:
	@test -f $(BUILD)/build.ninja || cmake -S . -B $(BUILD) -G Ninja -DFANTASMA_WERROR=ON \
	    -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(BUILD) --target fantasma -j $(JOBS)

eval: fantasma
	scripts/python-env.sh eval
	PYTHONPATH=eval OPENBLAS_NUM_THREADS=1 .venv-eval/bin/python -m fantasma_eval \
	    --fantasma $(abspath $(BUILD))/cli/fantasma --folds $(FOLDS) \
	    $(if $(MODEL),--model $(abspath $(MODEL))) $(EVAL_ARGS)

eval-markers: fantasma
	python3 eval/markers/gather.py
	python3 eval/markers/report.py --fantasma $(abspath $(BUILD))/cli/fantasma
