"""Constants and helpers of the live tests (the fixtures are in conftest.py)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from checker.model.catalogue import Catalogue
from checker.model.evidence import Evidence
from checker.torch.runner import Session
from checker.torch.runs import Job
from tests.helpers import REPO

EXAMPLES = REPO / "examples" / "docs"
FAKE_NPU = REPO / "tests" / "fakes" / "fake_npu_a3"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
PUT_METRIC_JOB = Job(PUT_METRIC, "put_metric")
SECOND_API = "docs_check.second.api"  # a second job: one environment serves every job
TWO_JOBS = (PUT_METRIC_JOB, Job(SECOND_API, "put_metric"))
PUT_METRIC_CASES = [
    "default group is torchelastic",
    "custom group goes to its own handler",
    "non-empty metric name",
    "empty metric name",
    "positive value",
    "zero value",
    "negative value",
    "global handler state restored",
]
BACKEND_FAILURE = "Failed to load the backend extension: torch_npu"

# Variables of the test run's own environment that would change what the
# harness finds; every live run here starts without them.
LIVE_VARIABLES = ("PYTHONPATH", "TORCH_DEVICE_BACKEND_AUTOLOAD", "DOCS_CHECK_FAKE_SOC")


def live_run(
    catalogue: Catalogue,
    python: str | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float = 120,
    jobs: tuple[Job, ...] = (PUT_METRIC_JOB,),
) -> Evidence:
    """The jobs run in one interpreter, as probe runs them (a Session), with
    exactly the given variables set (the subprocess inherits os.environ),
    restored afterwards."""
    with pytest.MonkeyPatch.context() as patch:
        for name in LIVE_VARIABLES:
            patch.delenv(name, raising=False)
        for name, value in (env or {}).items():
            patch.setenv(name, value)
        with Session(catalogue, python, timeout) as session:
            session.run_all(jobs)
        return session.evidence()
