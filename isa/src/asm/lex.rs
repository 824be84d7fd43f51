//! Tokens of one assembly line, with their columns for error messages.

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Ident(String),
    Int(i128),
    Float(f64),
    Punct(&'static str),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub tok: Tok,
    /// 1-based column.
    pub col: usize,
}

const PUNCTS: [&str; 17] =
    ["<<", ">>", "[", "]", ":", ",", "(", ")", "|", "&", "+", "-", "*", "/", "~", "^", "%"];

/// Splits a line (comments already removed) into tokens; on failure gives the column and
/// what was found.
pub fn lex(line: &str) -> Result<Vec<Token>, (usize, String)> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let col = i + 1;
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' || c == b'.' || c == b'$' {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'_' | b'.' | b'$'))
            {
                i += 1;
            }
            out.push(Token { tok: Tok::Ident(line[start..i].to_string()), col });
        } else if c.is_ascii_digit() {
            let start = i;
            let (radix, digits_start) = match bytes.get(i + 1) {
                Some(b'x' | b'X') if c == b'0' => (16, i + 2),
                Some(b'b' | b'B')
                    if c == b'0' && bytes.get(i + 2).is_some_and(|d| matches!(d, b'0' | b'1')) =>
                {
                    (2, i + 2)
                }
                _ => (10, i),
            };
            i = digits_start;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let mut is_float = false;
            if radix == 10 && i < bytes.len() && bytes[i] == b'.' {
                is_float = true;
                i += 1;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                if i < bytes.len() && matches!(bytes[i], b'e' | b'E') {
                    i += 1;
                    if i < bytes.len() && matches!(bytes[i], b'+' | b'-') {
                        i += 1;
                    }
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                }
            }
            let text = &line[start..i];
            let tok = if is_float {
                text.parse::<f64>().map(Tok::Float).map_err(|_| (col, format!("bad number `{text}`")))?
            } else if radix == 10 && !text.bytes().all(|b| b.is_ascii_digit()) {
                // A name that starts with a digit: MIMG's short dims (`dim:2D_ARRAY`).
                Tok::Ident(text.to_string())
            } else {
                let digits = &line[digits_start..i];
                i128::from_str_radix(digits, radix)
                    .map(Tok::Int)
                    .map_err(|_| (col, format!("bad number `{text}`")))?
            };
            out.push(Token { tok, col });
        } else if c == b'"' {
            // A string (ds_swizzle_b32's `swizzle(BITMASK_PERM, "01pip")`): one Ident token,
            // quotes included.
            let len = line[i + 1..].find('"').ok_or((col, "unterminated string".to_string()))?;
            out.push(Token { tok: Tok::Ident(line[i..i + len + 2].to_string()), col });
            i += len + 2;
        } else if let Some(p) = PUNCTS.iter().find(|p| line[i..].starts_with(**p)) {
            out.push(Token { tok: Tok::Punct(p), col });
            i += p.len();
        } else {
            let ch = line[i..].chars().next().unwrap_or('?');
            return Err((col, format!("unexpected character `{ch}`")));
        }
    }
    Ok(out)
}
