"""Answers everything correctly (the control case)."""

from base import serve

serve()
