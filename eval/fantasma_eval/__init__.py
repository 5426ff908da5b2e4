"""fantasma's evaluation harness: independent attribution attacks on the EBG corpus before and
after rewriting, faithfulness of the rewrites, and the detector's own validity."""
