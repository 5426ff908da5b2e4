;;; lsp_mode_quickfix_test.el --- lsp-mode end-to-end test for fantasma-ls  -*- lexical-binding: t; -*-
;; Emacs (batch) with Debian's lsp-mode opens a Markdown file; editors/emacs/fantasma.el,
;; loaded before lsp-mode, must define the lsp-mode client once lsp-mode loads. Waits for
;; fantasma's diagnostics (with the settings of `fantasma-lsp-settings'), applies the "Use
;; 'color'" quick fix through lsp-mode's code-action path, checks the buffer and the total bits
;; of the fantasma/summary notification.  Environment: FANTASMA_LS, FANTASMA_PLUGIN,
;; FANTASMA_FILE.
(require 'cl-lib)
(require 'markdown-mode nil t)
(add-to-list 'load-path (getenv "FANTASMA_PLUGIN"))
(require 'fantasma)

(defun fantasma-test-fail (format-string &rest args)
  (princ (concat "FAIL: " (apply #'format format-string args) "\n") #'external-debugging-output)
  (kill-emacs 1))

(defun fantasma-test-wait (seconds predicate)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.1))
    (funcall predicate)))

(when (featurep 'fantasma-lsp) (fantasma-test-fail "fantasma-lsp loaded before lsp-mode"))
(require 'lsp-mode)
(unless (gethash 'fantasma lsp-clients) (fantasma-test-fail "no fantasma client in lsp-mode"))

(setq fantasma-server-command (list (getenv "FANTASMA_LS") "--stdio")
      ;; The sample's British spellings are habits many share: shown only when asked for.
      fantasma-lsp-settings '(:debounceMs 0 :showCommonHabits t)
      lsp-session-file (expand-file-name (make-temp-name "lsp-session-") temporary-file-directory)
      lsp-enable-file-watchers nil
      lsp-diagnostics-provider :none
      lsp-modeline-code-actions-enable nil
      lsp-modeline-workspace-status-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-enable-snippet nil
      lsp-headerline-breadcrumb-enable nil
      lsp-restart 'ignore)

(condition-case err
    (let* ((file (getenv "FANTASMA_FILE"))
           (buffer (find-file-noselect file)))
      ;; The folder is the project: lsp-mode would otherwise ask which root to use.
      (push (file-name-directory file) (lsp-session-folders (lsp-session)))
      (with-current-buffer buffer
        (if (fboundp 'markdown-mode) (markdown-mode) (text-mode))
        (lsp)
        (let ((colour nil))
          (unless (fantasma-test-wait
                   30 (lambda ()
                        (setq colour (cl-find-if
                                      (lambda (d) (string-match-p "'colour'" (gethash "message" d)))
                                      (gethash file (lsp-diagnostics t))))))
            (fantasma-test-fail "no diagnostic for 'colour': %S"
                                (mapcar (lambda (d) (gethash "message" d))
                                        (gethash file (lsp-diagnostics t)))))
          (goto-char (lsp--position-to-point (gethash "start" (gethash "range" colour))))
          (let* ((actions (lsp-code-actions-at-point))
                 (wanted (cl-find-if (lambda (a) (string= (gethash "title" a) "Use 'color'"))
                                     actions)))
            (unless wanted
              (fantasma-test-fail "no 'Use color' action among %S"
                                  (mapcar (lambda (a) (gethash "title" a)) actions)))
            (lsp-execute-code-action wanted))
          (let ((text (buffer-substring-no-properties (point-min) (point-max))))
            (unless (string-match-p "the color of the sea" text)
              (fantasma-test-fail "quick fix not applied: %s" text))
            (unless (string-match-p "colour_code = 1" text)
              (fantasma-test-fail "the code block was edited")))
          (unless (fantasma-test-wait 10 (lambda () (numberp fantasma-total-bits)))
            (fantasma-test-fail "no fantasma/summary total bits")))
        (lsp-workspace-shutdown (car (lsp-workspaces)))))
  (error (fantasma-test-fail "%S" err)))
(princ "PASS: quick fix applied through lsp-mode\n")
(kill-emacs 0)
