;;; fantasma-lsp.el --- fantasma-ls as an lsp-mode client  -*- lexical-binding: t; -*-

;;; Commentary:

;; Loaded by fantasma.el once lsp-mode is (Debian: elpa-lsp-mode). An add-on client, so it
;; runs beside another server of the same mode (texlab, marksman). Settings come from
;; `fantasma-lsp-settings'; the document's total bits land in `fantasma-total-bits', as
;; under eglot.

;;; Code:

(require 'lsp-mode)

(defvar fantasma-server-command)
(defvar fantasma-lsp-settings)
(defvar fantasma-total-bits)

(defun fantasma-lsp--summary (_workspace params)
  "Keep the total identifying bits of a fantasma/summary notification PARAMS."
  (let ((buffer (find-buffer-visiting (lsp--uri-to-path (gethash "uri" params)))))
    (when buffer
      (with-current-buffer buffer
        (setq fantasma-total-bits (gethash "totalBits" params))
        (force-mode-line-update)))))

(defun fantasma-lsp--section ()
  "The \"fantasma\" settings as the server wants them: an object, even empty."
  (or fantasma-lsp-settings (make-hash-table)))

(defun fantasma-lsp--settings ()
  "The settings, by section."
  (list :fantasma (fantasma-lsp--section)))

(defun fantasma-lsp--configuration (_workspace params)
  "Answer the server's workspace/configuration PARAMS.
From `fantasma-lsp-settings': lsp-mode's own answer holds only the settings
registered with `lsp-register-custom-settings', and would reset the others."
  (apply #'vector
         (mapcar (lambda (item) (and (equal (gethash "section" item) "fantasma")
                                     (fantasma-lsp--section)))
                 (gethash "items" params))))

(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection (lambda () fantasma-server-command))
  :activation-fn (lsp-activate-on "markdown" "latex" "plaintext")
  :server-id 'fantasma
  :add-on? t
  :priority -1
  :initialization-options #'fantasma-lsp--settings
  :initialized-fn (lambda (workspace)
                    (with-lsp-workspace workspace
                      (lsp--set-configuration (fantasma-lsp--settings))))
  :request-handlers (ht ("workspace/configuration" #'fantasma-lsp--configuration))
  :notification-handlers (ht ("fantasma/summary" #'fantasma-lsp--summary))))

(provide 'fantasma-lsp)
;;; fantasma-lsp.el ends here
