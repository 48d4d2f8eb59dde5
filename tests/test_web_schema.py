"""Schemathesis against the app's OpenAPI schema, in process: no input makes a server error.

Bounded: a few dozen generated cases per operation, tight limits so that every equity run,
job, analysis and strategy list ends in about a second or two.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck

from conftest import budget, require

schemathesis = require("schemathesis")
require("fastapi")
from schemathesis.checks import not_a_server_error  # noqa: E402

from showdown.web import Settings, create_app  # noqa: E402

app = create_app(Settings(max_time_limit=1.0, default_time_limit=0.2, job_max_runtime=1.0,
                          max_exact_evaluations=20_000_000, job_max_exact_evaluations=20_000_000,
                          analyze_time_limit=5.0, strategy_time_limit=2.0))
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@pytest.fixture(scope="module", autouse=True)
def _stop_jobs():
    yield
    app.state.jobs.cancel_all()


@schema.parametrize()
@budget(0.25, suppress_health_check=list(HealthCheck))
def test_no_server_error(case):
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error])
