//! `hdl-gen`: generates the compute unit's SystemVerilog, and assembles and disassembles
//! RDNA3 code in LLVM's syntax.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use hdl_gen::sv::{Config, generate, write_dir};
use rdna3_isa::disasm::elf;

#[derive(Parser)]
#[command(name = "hdl-gen", version, about = "RDNA3 compute unit generator, assembler and disassembler")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Write the compute unit's SystemVerilog.
    Generate {
        /// TOML configuration (e.g. `num_waves = 8`); defaults otherwise.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Output directory.
        #[arg(long)]
        out: PathBuf,
    },
    /// Assemble LLVM-syntax assembly into raw little-endian bytes.
    Asm {
        /// Source file, or `-` for standard input.
        file: String,
        /// Output file, or `-` for standard output.
        #[arg(short = 'o', long = "output")]
        out: String,
    },
    /// Disassemble an ELF code object or raw little-endian bytes, as `llvm-objdump -d
    /// --mcpu=gfx1100` prints them.
    Disasm {
        /// An ELF code object (.hsaco, .o), or raw code bytes.
        file: PathBuf,
    },
}

fn read_input(file: &str) -> Result<Vec<u8>> {
    if file == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf).context("reading standard input")?;
        Ok(buf)
    } else {
        std::fs::read(file).with_context(|| format!("reading {file}"))
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.cmd {
        Cmd::Generate { config, out } => {
            let cfg = match config {
                Some(p) => {
                    let text =
                        std::fs::read_to_string(&p).with_context(|| format!("reading {}", p.display()))?;
                    Config::from_toml(&text).with_context(|| format!("in {}", p.display()))?
                }
                None => Config::default(),
            };
            let files = generate(&cfg)?;
            write_dir(&out, &files)?;
            eprintln!("wrote {} files to {}", files.len(), out.display());
        }
        Cmd::Asm { file, out } => {
            let src = read_input(&file)?;
            let src = String::from_utf8(src).with_context(|| format!("{file} is not UTF-8 text"))?;
            let name = if file == "-" { "<stdin>" } else { file.as_str() };
            let prog = rdna3_isa::asm::assemble(&src, name)?;
            if out == "-" {
                std::io::stdout().write_all(&prog.bytes).context("writing standard output")?;
            } else {
                std::fs::write(&out, &prog.bytes).with_context(|| format!("writing {out}"))?;
            }
        }
        Cmd::Disasm { file } => {
            let bytes = std::fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
            // The listing is written as it is made (it is some 36 times the input).
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            if elf::is_elf(&bytes) {
                let name = file.display().to_string();
                match elf::disassemble_elf_to(&bytes, &name, &mut out) {
                    Ok(()) => {}
                    // Kept an io::Error, so that a closed pipe ends the program quietly.
                    Err(elf::ElfError::Write(e)) => return Err(e.into()),
                    Err(e) => return Err(anyhow::Error::new(e).context(name)),
                }
            } else {
                rdna3_isa::disasm::disassemble_raw_each(&bytes, |line| writeln!(out, "{line}"))?;
            }
            out.flush()?;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stops early (`hdl-gen disasm k.hsaco | head`) is not an error.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("hdl-gen: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
