;;; eglot_quickfix_test.el --- eglot end-to-end test for fantasma-ls  -*- lexical-binding: t; -*-
;; Emacs (batch) with eglot opens a Markdown file through editors/emacs/fantasma.el, waits
;; for fantasma's Flymake diagnostics, picks the "Use 'color'" quick fix through eglot's own
;; code-action path and checks the buffer.  Environment: FANTASMA_LS, FANTASMA_PLUGIN,
;; FANTASMA_FILE.
(require 'cl-lib)
(require 'eglot)
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

(setq fantasma-server-command (list (getenv "FANTASMA_LS") "--stdio"))
(setq-default eglot-workspace-configuration '(:fantasma (:debounceMs 0 :showCommonHabits t)))
(setq eglot-sync-connect t)

(condition-case err
    (let* ((file (getenv "FANTASMA_FILE"))
           (buffer (find-file-noselect file)))
      (with-current-buffer buffer
        (if (fboundp 'markdown-mode) (markdown-mode) (text-mode))
        (eglot--connect (list major-mode) (cons 'transient (file-name-directory file))
                        'eglot-lsp-server fantasma-server-command "markdown")
        (unless (eglot-current-server) (fantasma-test-fail "eglot did not connect"))
        (let ((colour nil))
          (unless (fantasma-test-wait
                   30 (lambda ()
                        ;; Batch Emacs has no command loop: run Flymake's check by hand.
                        (flymake-start nil t)
                        (setq colour (cl-find-if
                                      (lambda (d) (string-match-p "'colour'" (flymake-diagnostic-text d)))
                                      (flymake-diagnostics)))))
            (fantasma-test-fail "no diagnostic for 'colour': %S"
                                (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
          (goto-char (flymake-diagnostic-beg colour))
          (let* ((actions (eglot-code-actions (point) (flymake-diagnostic-end colour)))
                 (titles (mapcar (lambda (a) (plist-get a :title)) actions))
                 (wanted (cl-find-if (lambda (title) (string= title "Use 'color'")) titles)))
            (unless wanted (fantasma-test-fail "no 'Use color' action among %S" titles))
            ;; Every action must carry an edit or a command: eglot ignores the others.
            (dolist (action actions)
              (unless (or (plist-get action :edit) (plist-get action :command))
                (fantasma-test-fail "action %S has neither edit nor command" (plist-get action :title))))
            ;; A keyboard event (not a mouse list) makes eglot ask through completing-read.
            (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) wanted))
                      (last-nonmenu-event ?\r))
              (eglot--read-execute-code-action actions (eglot-current-server))))
          (let ((text (buffer-substring-no-properties (point-min) (point-max))))
            (unless (string-match-p "the color of the sea" text)
              (fantasma-test-fail "quick fix not applied: %s" text))
            (unless (string-match-p "colour_code = 1" text)
              (fantasma-test-fail "the code block was edited"))))
        (eglot-shutdown (eglot-current-server))))
  (error (fantasma-test-fail "%S" err)))
(princ "PASS: quick fix applied through eglot\n")
(kill-emacs 0)
