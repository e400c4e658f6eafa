"""Marks that a module's ``pytestmark`` gives all its tests, for one test of another module."""

from __future__ import annotations


def marked(*marks):
    """Decorate a test with ``marks`` (such as tests.realtime.helpers.SOCKET_TEST), as stacked
    decorators in that order would."""

    def decorate(test):
        for mark in reversed(marks):
            test = mark(test)
        return test

    return decorate
