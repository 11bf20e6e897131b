"""A bare Flask hello-world: the baseline bench/load.py compares the app's routes with, on
the same gunicorn settings."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    return "Hello, World!"
