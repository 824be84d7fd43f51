//! Constants of vector-ALU sources as LLVM 19 prints them, by operand class: inline integers
//! and floats, the aperture and status sources, and literals (which LLVM prints as an inline
//! value when they hold one).

use super::shape::Class;
use crate::operand::{BF16_CONSTS, F16_CONSTS, FLOAT_CONSTS};

/// Text of a float inline constant (index 0..=8) at an operand of class `c`.
fn float_name(k: usize, c: Class) -> String {
    match c {
        Class::F64 | Class::I64 if k == 8 => "0.15915494309189532".into(),
        // LLVM decodes the constant to its f16 bits and prints 16-bit integers in hex.
        Class::I16 => format!("{:#x}", F16_CONSTS[k]),
        _ => FLOAT_CONSTS[k].2.into(),
    }
}

/// A source code in 128..=254 (not the literal) at an operand of class `c`.
pub(crate) fn inline_text(code: u32, c: Class) -> String {
    match code {
        128..=192 => (code - 128).to_string(),
        193..=208 => format!("-{}", code - 192),
        240..=248 => float_name((code - 240) as usize, c),
        _ => crate::operand::special_name(code)
            .map_or_else(|| format!("/*invalid source {code}*/"), str::to_string),
    }
}

fn inline_int(v: i64) -> bool {
    (-16..=64).contains(&v)
}

/// Text of a 32-bit value that is an f32 inline constant, as LLVM's printImmediate32 has it.
fn f32_name(v: u32) -> Option<&'static str> {
    FLOAT_CONSTS.iter().find(|(b, _, _)| *b == v).map(|(_, _, t)| *t)
}

fn f16_name(v: u32) -> Option<&'static str> {
    F16_CONSTS.iter().position(|b| u32::from(*b) == v).map(|k| FLOAT_CONSTS[k].2)
}

fn bf16_name(v: u32) -> Option<&'static str> {
    BF16_CONSTS.iter().position(|b| u32::from(*b) == v).map(|k| FLOAT_CONSTS[k].2)
}

/// A literal dword at an operand of class `c`.
pub(crate) fn literal_text(lit: u32, c: Class) -> String {
    let s32 = i64::from(lit as i32);
    let s16 = i64::from(lit as u16 as i16);
    let lo = lit & 0xffff;
    match c {
        Class::B32 => {
            if inline_int(s32) {
                s32.to_string()
            } else {
                f32_name(lit).map_or_else(|| format!("{lit:#x}"), str::to_string)
            }
        }
        Class::F16 => {
            if inline_int(s16) {
                s16.to_string()
            } else {
                f16_name(lo).map_or_else(|| format!("{lo:#x}"), str::to_string)
            }
        }
        Class::I16 => {
            if inline_int(s32) {
                s32.to_string()
            } else {
                f32_name(lit).map_or_else(|| format!("{lo:#x}"), str::to_string)
            }
        }
        Class::Bf16 => {
            if inline_int(s16) {
                s16.to_string()
            } else {
                bf16_name(lo).map_or_else(|| format!("{lit:#x}"), str::to_string)
            }
        }
        Class::V2f16 | Class::V2bf16 => {
            let name = if c == Class::V2f16 { f16_name(lit) } else { bf16_name(lit) };
            if inline_int(s32) {
                s32.to_string()
            } else {
                name.map_or_else(|| format!("{lit:#x}"), str::to_string)
            }
        }
        Class::F64 => {
            // The literal is the high dword of the double.
            let bits = u64::from(lit) << 32;
            match FLOAT_CONSTS.iter().position(|(_, b, _)| *b == bits) {
                Some(k) => float_name(k, Class::F64),
                // The double 0 is the inline integer 0.
                None if lit == 0 => "0".into(),
                None => format!("{lit:#x}"),
            }
        }
        Class::I64 => {
            if lit <= 64 {
                lit.to_string()
            } else {
                format!("{lit:#x}")
            }
        }
    }
}
