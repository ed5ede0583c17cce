"""The fix chain's own steps (opening and publishing come from bot/kit)."""
