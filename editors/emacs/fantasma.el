;;; fantasma.el --- What in your prose identifies you, through eglot or lsp-mode  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: tools, wp
;; URL: https://example.invalid/fantasma.git

;;; Commentary:

;; Shows authorship markers in Markdown, LaTeX and plain text from fantasma-ls (on PATH
;; with the fantasma Debian package; else set `fantasma-server-command'), through eglot
;; (Emacs 28 with Debian's elpa-eglot 1.9, or Emacs 29+ with its built-in eglot:
;; fantasma-eglot.el) or lsp-mode (fantasma-lsp.el), each set up when it is loaded.
;;
;; Install (Emacs 29+): (package-vc-install '(fantasma :url "URL" :lisp-dir "editors/emacs"))
;; or (use-package fantasma :vc (:url "URL" :lisp-dir "editors/emacs")) in Emacs 30; else
;;   (add-to-list 'load-path "/path/to/fantasma/editors/emacs")
;;   (require 'fantasma)
;; then
;;   (add-hook 'markdown-mode-hook #'eglot-ensure)   ; and latex-mode-hook, text-mode-hook
;; or, with lsp-mode, #'lsp instead of #'eglot-ensure.
;;
;; Settings go to the server's "fantasma" section, e.g.
;;   (setq-default eglot-workspace-configuration
;;                 '(:fantasma (:minimumBits 1 :profileDirectory "~/writing")))
;; With a profile, the words you use far more than most writers are hints (word-choice) with
;; common synonyms as quick fixes; :wordChoice 0 turns them off (default 0.05, a share of
;; the words).

;;; Code:

(defgroup fantasma nil
  "Authorship markers in prose, from fantasma-ls."
  :group 'tools)

(defcustom fantasma-server-command '("fantasma-ls" "--stdio")
  "Command that starts the fantasma language server."
  :type '(repeat string))

(defvar-local fantasma-total-bits nil
  "The current buffer's total bits of identifying information, from fantasma-ls.")

(defcustom fantasma-lsp-settings nil
  "The server's \"fantasma\" settings under lsp-mode, e.g. (:minimumBits 1).
Under eglot they come from `eglot-workspace-configuration' instead."
  :type 'plist)

;; Each client is defined once its library is loaded, and never otherwise: eglot's in
;; fantasma-eglot.el, lsp-mode's in fantasma-lsp.el.
(with-eval-after-load 'eglot
  (require 'fantasma-eglot))
(with-eval-after-load 'lsp-mode
  (require 'fantasma-lsp))

(provide 'fantasma)
;;; fantasma.el ends here
