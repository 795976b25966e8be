"""An evidence record's note read back into a message: equal to the note as
recorded, said in the run's language with its cause kept as it is."""

from __future__ import annotations

import pytest

from checker.i18n import Message, chosen, say
from checker.model.run_notes import NEEDS_EXTRA, note_message

CAUSE = "ModuleNotFoundError: No module named 'torch'"


@pytest.mark.parametrize(
    ("note", "zh"),
    [
        (f"torch does not import: {CAUSE}", f"torch 无法导入：{CAUSE}"),
        (f"torch does not import here: {CAUSE}", f"torch 在此无法导入：{CAUSE}"),
        ("timed out after 120 s", "120 秒后超时"),
        (
            "CPU reference run; NPU not available: torch_npu is not installed",
            "CPU 参考运行；NPU 不可用：未安装 torch_npu",
        ),
        (
            f"{CAUSE} (at origin/v2.12.0); {NEEDS_EXTRA}",
            f"{CAUSE}（在 origin/v2.12.0）；仓库的测试需要它："
            '请在运行测试的解释器中 pip install "docs-check[verify]"',
        ),
        ("a note of no known shape", "a note of no known shape"),
    ],
)
def test_a_note_is_its_english_and_says_itself_in_chinese(note: str, zh: str) -> None:
    said = note_message(note)
    assert said == note
    assert isinstance(said, Message) or said == zh
    with chosen("zh"):
        assert say(said) == zh
