"""The blind smell corpus is data for gate 5, never a suite: nothing below this folder is
collected."""

collect_ignore_glob = ["*"]
