# smells: none
import logging

from ops.cleanup import purge_old_files


def test_each_deleted_file_is_logged(tmp_path, caplog):
    old = tmp_path / "old.log"
    old.write_text("x")
    with caplog.at_level(logging.INFO):
        purge_old_files(tmp_path, max_age_days=-1)
    assert "deleted old.log" in caplog.text
    assert not old.exists()
