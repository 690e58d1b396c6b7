"""The 64-byte amdhsa kernel descriptor: its bit-field tables, decoding and re-encoding, register
granules, and the `.amdhsa_kernel` directives that reproduce it (GFX9 family).
"""

from __future__ import annotations

from pydantic import Field

from kagent.errors import InputError, ToolchainError
from kagent.tools.amdgpu.common import ARCHITECTED_FLAT_SCRATCH, GFX9, GFX90A_PLUS, KD_SIZE, FeatureSetting, _M


# (field name, word, low bit, width) of the compute_pgm_rsrc registers and code properties; the
# directive each one maps to (None: no directive sets it; it must be zero to be reproducible).
_RSRC1 = [
    ("granulated_workitem_vgpr_count", 0, 6, None), ("granulated_wavefront_sgpr_count", 6, 4, None),
    ("priority", 10, 2, None), ("float_round_mode_32", 12, 2, ".amdhsa_float_round_mode_32"),
    ("float_round_mode_16_64", 14, 2, ".amdhsa_float_round_mode_16_64"),
    ("float_denorm_mode_32", 16, 2, ".amdhsa_float_denorm_mode_32"),
    ("float_denorm_mode_16_64", 18, 2, ".amdhsa_float_denorm_mode_16_64"), ("priv", 20, 1, None),
    ("dx10_clamp", 21, 1, ".amdhsa_dx10_clamp"), ("debug_mode", 22, 1, None),
    ("ieee_mode", 23, 1, ".amdhsa_ieee_mode"), ("bulky", 24, 1, None), ("cdbg_user", 25, 1, None),
    ("fp16_overflow", 26, 1, ".amdhsa_fp16_overflow"), ("rsrc1_reserved", 27, 5, None),
]
_RSRC2 = [
    ("enable_private_segment", 0, 1, None), ("user_sgpr_count", 1, 5, ".amdhsa_user_sgpr_count"),
    ("enable_trap_handler", 6, 1, None),
    ("system_sgpr_workgroup_id_x", 7, 1, ".amdhsa_system_sgpr_workgroup_id_x"),
    ("system_sgpr_workgroup_id_y", 8, 1, ".amdhsa_system_sgpr_workgroup_id_y"),
    ("system_sgpr_workgroup_id_z", 9, 1, ".amdhsa_system_sgpr_workgroup_id_z"),
    ("system_sgpr_workgroup_info", 10, 1, ".amdhsa_system_sgpr_workgroup_info"),
    ("system_vgpr_workitem_id", 11, 2, ".amdhsa_system_vgpr_workitem_id"),
    ("enable_exception_address_watch", 13, 1, None), ("enable_exception_memory", 14, 1, None),
    ("granulated_lds_size", 15, 9, None),
    ("exception_fp_ieee_invalid_op", 24, 1, ".amdhsa_exception_fp_ieee_invalid_op"),
    ("exception_fp_denorm_src", 25, 1, ".amdhsa_exception_fp_denorm_src"),
    ("exception_fp_ieee_div_zero", 26, 1, ".amdhsa_exception_fp_ieee_div_zero"),
    ("exception_fp_ieee_overflow", 27, 1, ".amdhsa_exception_fp_ieee_overflow"),
    ("exception_fp_ieee_underflow", 28, 1, ".amdhsa_exception_fp_ieee_underflow"),
    ("exception_fp_ieee_inexact", 29, 1, ".amdhsa_exception_fp_ieee_inexact"),
    ("exception_int_div_zero", 30, 1, ".amdhsa_exception_int_div_zero"), ("rsrc2_reserved", 31, 1, None),
]
_RSRC3_GFX90A = [("accum_offset", 0, 6, None), ("rsrc3_reserved_lo", 6, 10, None),
                 ("tg_split", 16, 1, ".amdhsa_tg_split"), ("rsrc3_reserved_hi", 17, 15, None)]
_PROPS = [
    ("user_sgpr_private_segment_buffer", 0, 1, ".amdhsa_user_sgpr_private_segment_buffer"),
    ("user_sgpr_dispatch_ptr", 1, 1, ".amdhsa_user_sgpr_dispatch_ptr"),
    ("user_sgpr_queue_ptr", 2, 1, ".amdhsa_user_sgpr_queue_ptr"),
    ("user_sgpr_kernarg_segment_ptr", 3, 1, ".amdhsa_user_sgpr_kernarg_segment_ptr"),
    ("user_sgpr_dispatch_id", 4, 1, ".amdhsa_user_sgpr_dispatch_id"),
    ("user_sgpr_flat_scratch_init", 5, 1, ".amdhsa_user_sgpr_flat_scratch_init"),
    ("user_sgpr_private_segment_size", 6, 1, ".amdhsa_user_sgpr_private_segment_size"),
    ("props_reserved_lo", 7, 3, None), ("wavefront_size32", 10, 1, ".amdhsa_wavefront_size32"),
    ("uses_dynamic_stack", 11, 1, ".amdhsa_uses_dynamic_stack"), ("props_reserved_hi", 12, 4, None),
]
_PRELOAD = [("kernarg_preload_length", 0, 7, ".amdhsa_user_sgpr_kernarg_preload_length"),
            ("kernarg_preload_offset", 7, 9, ".amdhsa_user_sgpr_kernarg_preload_offset")]


def _bits(word: int, lo: int, width: int) -> int:
    return (word >> lo) & ((1 << width) - 1)


def vgpr_granule(mcpu: str, wave32: bool = False) -> int:
    if mcpu in GFX90A_PLUS:
        return 8
    if mcpu.startswith("gfx1"):
        return 8 if wave32 else 4
    return 4


def extra_sgprs(mcpu: str, xnack: FeatureSetting, uses_vcc: bool, uses_flat_scratch: bool) -> int:
    """SGPRs the hardware reserves past the numbered ones (LLVM's getNumExtraSGPRs, GFX8/9)."""
    if mcpu.startswith("gfx1"):
        return 2 if uses_vcc else 0
    n = 2 if uses_vcc else 0
    if xnack in ("any", "on"):
        n = 4
    if uses_flat_scratch or mcpu in ARCHITECTED_FLAT_SCRATCH:
        n = 6
    return n


class KernelDescriptor(_M):
    """The 64-byte amdhsa kernel descriptor, with its bit fields decoded."""

    raw_hex: str = Field(description="the 64 bytes, hex")
    group_segment_fixed_size: int
    private_segment_fixed_size: int
    kernarg_size: int
    kernel_code_entry_byte_offset: int
    compute_pgm_rsrc1: int
    compute_pgm_rsrc2: int
    compute_pgm_rsrc3: int
    kernel_code_properties: int
    kernarg_preload: int
    reserved_nonzero: bool = Field(description="a reserved byte is non-zero (not reproducible from directives)")
    fields: dict[str, int] = Field(description="decoded bit fields of rsrc1/2/3, code properties, preload")

    @classmethod
    def from_bytes(cls, data: bytes) -> "KernelDescriptor":
        if len(data) != KD_SIZE:
            raise InputError(f"kernel descriptor must be {KD_SIZE} bytes, got {len(data)}")
        u32 = lambda o: int.from_bytes(data[o : o + 4], "little")  # noqa: E731
        rsrc1, rsrc2, rsrc3 = u32(48), u32(52), u32(44)
        props = int.from_bytes(data[56:58], "little")
        preload = int.from_bytes(data[58:60], "little")
        fields: dict[str, int] = {}
        for table, word in ((_RSRC1, rsrc1), (_RSRC2, rsrc2), (_RSRC3_GFX90A, rsrc3), (_PROPS, props), (_PRELOAD, preload)):
            for name, lo, width, _ in table:
                fields[name] = _bits(word, lo, width)
        reserved = data[12:16] + data[24:44] + data[60:64]
        return cls(
            raw_hex=data.hex(), group_segment_fixed_size=u32(0), private_segment_fixed_size=u32(4),
            kernarg_size=u32(8), kernel_code_entry_byte_offset=int.from_bytes(data[16:24], "little", signed=True),
            compute_pgm_rsrc1=rsrc1, compute_pgm_rsrc2=rsrc2, compute_pgm_rsrc3=rsrc3,
            kernel_code_properties=props, kernarg_preload=preload, reserved_nonzero=any(reserved), fields=fields,
        )

    @property
    def raw(self) -> bytes:
        return bytes.fromhex(self.raw_hex)

    def with_fields(self, **changes: int) -> "KernelDescriptor":
        """A copy with top-level sizes or decoded bit fields changed (re-encoded into the raw bytes)."""
        data = bytearray(self.raw)
        for key, value in changes.items():
            top = {"group_segment_fixed_size": 0, "private_segment_fixed_size": 4, "kernarg_size": 8}
            if key in top:
                data[top[key] : top[key] + 4] = int(value).to_bytes(4, "little")
                continue
            for table, off, size in ((_RSRC1, 48, 4), (_RSRC2, 52, 4), (_RSRC3_GFX90A, 44, 4), (_PROPS, 56, 2), (_PRELOAD, 58, 2)):
                for name, lo, width, _ in table:
                    if name == key:
                        word = int.from_bytes(data[off : off + size], "little")
                        word = (word & ~(((1 << width) - 1) << lo)) | ((int(value) & ((1 << width) - 1)) << lo)
                        data[off : off + size] = word.to_bytes(size, "little")
                        break
                else:
                    continue
                break
            else:
                raise KeyError(f"unknown descriptor field {key}")
        return KernelDescriptor.from_bytes(bytes(data))

    # register and memory budgets the descriptor grants
    def vgpr_alloc(self, mcpu: str) -> int:
        """VGPRs allocated per lane (arch + acc VGPRs together on gfx90a/gfx94x)."""
        return (self.fields["granulated_workitem_vgpr_count"] + 1) * vgpr_granule(mcpu, bool(self.fields["wavefront_size32"]))

    def sgpr_alloc(self) -> int:
        """SGPRs allocated (numbered + extra), GFX9 encoding granule 8."""
        return (self.fields["granulated_wavefront_sgpr_count"] + 1) * 8

    def accum_offset(self, mcpu: str) -> int | None:
        return (self.fields["accum_offset"] + 1) * 4 if mcpu in GFX90A_PLUS else None

    def wavefront_size(self) -> int:
        return 32 if self.fields["wavefront_size32"] else 64

    def unrepresentable(self, mcpu: str) -> list[str]:
        """Non-zero bits that no .amdhsa directive can set (the round trip would lose them)."""
        bad = [name for table in (_RSRC1, _RSRC2, _PROPS, _PRELOAD) for name, _, _, d in table
               if d is None and self.fields[name] and not name.startswith(("granulated_w", "enable_private"))]
        if mcpu in GFX90A_PLUS:
            bad += [n for n in ("rsrc3_reserved_lo", "rsrc3_reserved_hi") if self.fields[n]]
        elif self.compute_pgm_rsrc3:
            bad.append("compute_pgm_rsrc3")
        if self.reserved_nonzero:
            bad.append("reserved bytes")
        return bad

    def directives(self, name: str, mcpu: str, xnack: FeatureSetting) -> list[str]:
        """The `.amdhsa_kernel` block that makes llvm-mc emit these exact 64 bytes (GFX9 family)."""
        if mcpu not in GFX9:
            raise ToolchainError(f"kernel descriptor reconstruction supports the GFX9 family (gfx900..gfx942), not {mcpu}")
        f = self.fields
        arch_fs = mcpu in ARCHITECTED_FLAT_SCRATCH
        out = [f".amdhsa_kernel {name}",
               f"  .amdhsa_group_segment_fixed_size {self.group_segment_fixed_size}",
               f"  .amdhsa_private_segment_fixed_size {self.private_segment_fixed_size}",
               f"  .amdhsa_kernarg_size {self.kernarg_size}",
               f"  .amdhsa_user_sgpr_count {f['user_sgpr_count']}"]
        for pname, _, _, directive in _PROPS:
            if directive is None or pname == "wavefront_size32":
                continue  # wave32 does not exist on GFX9
            if arch_fs and pname in ("user_sgpr_private_segment_buffer", "user_sgpr_flat_scratch_init"):
                continue
            out.append(f"  {directive} {f[pname]}")
        if mcpu in GFX90A_PLUS:
            out += [f"  .amdhsa_user_sgpr_kernarg_preload_length {f['kernarg_preload_length']}",
                    f"  .amdhsa_user_sgpr_kernarg_preload_offset {f['kernarg_preload_offset']}"]
        if arch_fs:
            out.append(f"  .amdhsa_enable_private_segment {f['enable_private_segment']}")
        else:
            out.append(f"  .amdhsa_system_sgpr_private_segment_wavefront_offset {f['enable_private_segment']}")
        for rname, _, _, directive in _RSRC2:
            if directive and rname != "user_sgpr_count":
                out.append(f"  {directive} {f[rname]}")
        # register counts: the inverse of the assembler's granule arithmetic
        out.append(f"  .amdhsa_next_free_vgpr {self.vgpr_alloc(mcpu)}")
        extra = extra_sgprs(mcpu, xnack, uses_vcc=False, uses_flat_scratch=False)
        out.append(f"  .amdhsa_next_free_sgpr {max(1, self.sgpr_alloc() - extra)}")
        if mcpu in GFX90A_PLUS:
            out.append(f"  .amdhsa_accum_offset {self.accum_offset(mcpu)}")
        out.append("  .amdhsa_reserve_vcc 0")
        if not arch_fs:
            out.append("  .amdhsa_reserve_flat_scratch 0")
        out.append(f"  .amdhsa_reserve_xnack_mask {int(xnack in ('any', 'on'))}")  # must match the target id
        for rname, _, _, directive in _RSRC1:
            if directive:
                out.append(f"  {directive} {f[rname]}")
        if mcpu in GFX90A_PLUS:
            out.append(f"  .amdhsa_tg_split {f['tg_split']}")
        out.append(".end_amdhsa_kernel")
        return out
