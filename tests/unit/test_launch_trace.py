"""The launch callbacks' C side (verifiers/launch_trace.py), driven the way CUPTI calls it, on the CPU:
API-enter calls are kept with their kernel's name, exits are not, and reset empties the record."""

from __future__ import annotations

import ctypes
import shutil

import pytest

from kagent.verifiers import launch_trace

pytestmark = pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler")


class _Data(ctypes.Structure):  # CUpti_CallbackData's layout
    _fields_ = [("site", ctypes.c_int), ("function_name", ctypes.c_char_p), ("params", ctypes.c_void_p),
                ("ret", ctypes.c_void_p), ("symbol_name", ctypes.c_char_p), ("context", ctypes.c_void_p),
                ("context_uid", ctypes.c_uint32), ("correlation_data", ctypes.c_void_p),
                ("correlation_id", ctypes.c_uint32)]


def _lib(tmp_path):
    lib = ctypes.CDLL(str(launch_trace.build(str(tmp_path))))
    lib.kagent_name.restype = ctypes.c_char_p
    lib.kagent_total.restype = ctypes.c_long
    return lib


def test_launches_are_recorded_by_name_at_api_enter_only(tmp_path):
    lib = _lib(tmp_path)
    lib.kagent_reset()
    for site, name, cbid in ((0, b"_add_kernel", 652), (1, b"_add_kernel", 652), (0, b"ampere_sgemm_128x64", 307),
                             (0, None, 514)):
        data = _Data(site=site, function_name=b"cuLaunchKernel", symbol_name=name)
        lib.kagent_on_call(None, 1, cbid, ctypes.byref(data))
    assert lib.kagent_count() == 3 and lib.kagent_total() == 3
    assert [lib.kagent_name(i) for i in range(3)] == [b"_add_kernel", b"ampere_sgemm_128x64", b""]
    assert [lib.kagent_cbid(i) for i in range(3)] == [652, 307, 514]
    lib.kagent_reset()
    assert lib.kagent_count() == 0


def test_a_long_name_is_cut_not_overflowed_and_the_build_is_reused(tmp_path):
    lib = _lib(tmp_path)
    lib.kagent_reset()
    data = _Data(site=0, symbol_name=b"k" * 1000)
    lib.kagent_on_call(None, 1, 307, ctypes.byref(data))
    assert lib.kagent_name(0) == b"k" * 159
    assert launch_trace.build(str(tmp_path)) == launch_trace.build(str(tmp_path))
