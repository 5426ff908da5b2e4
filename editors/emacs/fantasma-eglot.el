;;; fantasma-eglot.el --- fantasma-ls as an eglot server  -*- lexical-binding: t; -*-

;;; Commentary:

;; Loaded by fantasma.el once eglot is (built in since Emacs 29; Debian 12: elpa-eglot).
;; Settings come from `eglot-workspace-configuration' (section :fantasma); the document's
;; total bits land in `fantasma-total-bits'.

;;; Code:

(require 'eglot)

(defvar fantasma-server-command)
(defvar fantasma-total-bits)

(dolist (mode '(markdown-mode gfm-mode latex-mode LaTeX-mode tex-mode plain-tex-mode text-mode))
  (add-to-list 'eglot-server-programs
               `(,mode . ,(lambda (&rest _) fantasma-server-command))))

(cl-defmethod eglot-handle-notification
  (_server (_method (eql fantasma/summary)) &key uri totalBits &allow-other-keys)
  "Keep the document's total identifying bits from a fantasma/summary notification."
  (let ((buffer (find-buffer-visiting (eglot--uri-to-path uri))))
    (when buffer
      (with-current-buffer buffer
        (setq fantasma-total-bits totalBits)
        (force-mode-line-update)))))

(provide 'fantasma-eglot)
;;; fantasma-eglot.el ends here
