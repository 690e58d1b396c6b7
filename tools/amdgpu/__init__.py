"""AMDGPU code objects: read them, disassemble them into reassemblable assembly, rebuild them.

- Reading uses pyelftools (sections, symbols, the NT_AMDGPU_METADATA note) and msgpack (the
  metadata itself); kernel descriptors (64 bytes in .rodata at `<kernel>.kd`) are decoded here.
- Disassembly, assembly and linking use LLVM 19 (llvm-objdump-19, llvm-mc-19, ld.lld-19: the only
  Debian LLVM that knows gfx942); scripts/install-llvm19.sh installs them. Every call has a
  timeout and is killed with its process group.
- `emit_assembly` writes one .s per code object: the code of every .text symbol (branches turned
  into labels, so that local edits may insert or remove instructions), one `.amdhsa_kernel` block
  per kernel reconstructed from its descriptor, the other .rodata bytes, and `.amdgpu_metadata`
  re-emitted from the note. An unedited round trip rebuilds .text and the descriptors byte for byte
  at the same addresses (`compare_objects` checks that: it is the gate before any edit).

Descriptor reconstruction covers the GFX9 family (gfx900 .. gfx942), code object v4-v6.

Modules: common (shared constants), toolchain (LLVM tools, subprocesses), descriptor, codeobject
(reading), disassembly (and `emit_assembly`), rebuild, compare, registers (register use, .s blocks),
patch (unified diffs). This package exports the names used elsewhere in kagent.
"""

from __future__ import annotations

from kagent.tools.amdgpu.codeobject import CodeObject, KernelInfo, read_code_object
from kagent.tools.amdgpu.common import GFX90A_PLUS
from kagent.tools.amdgpu.compare import RoundTrip, compare_objects, descriptor_diff
from kagent.tools.amdgpu.descriptor import KernelDescriptor, extra_sgprs
from kagent.tools.amdgpu.disassembly import disassemble, emit_assembly
from kagent.tools.amdgpu.patch import apply_unified_diff
from kagent.tools.amdgpu.rebuild import AsmDiagnostic, BuildResult, build
from kagent.tools.amdgpu.registers import RegisterUse, code_lines, register_use, split_blocks
from kagent.tools.amdgpu.toolchain import INSTALL_HINT, llvm_available, llvm_tool

__all__ = [
    "GFX90A_PLUS",
    "INSTALL_HINT",
    "AsmDiagnostic",
    "BuildResult",
    "CodeObject",
    "KernelDescriptor",
    "KernelInfo",
    "RegisterUse",
    "RoundTrip",
    "apply_unified_diff",
    "build",
    "code_lines",
    "compare_objects",
    "descriptor_diff",
    "disassemble",
    "emit_assembly",
    "extra_sgprs",
    "llvm_available",
    "llvm_tool",
    "read_code_object",
    "register_use",
    "split_blocks",
]
