//! `variant check`: compile each file, print its diagnostics, verify its
//! claims, and optionally dump a phase as JSON.

use crate::cli::{CheckArgs, Phase};
use crate::load::compile_source;
use runtime::text::printable;
use std::process::ExitCode;

pub fn run(args: CheckArgs) -> Result<ExitCode, String> {
    let CheckArgs {
        files,
        dump,
        claim_budget,
        no_claims,
    } = args;
    if files.is_empty() {
        return Err("check needs at least one file".into());
    }
    let verify = match (no_claims, claim_budget) {
        (true, _) => compiler::Verify::Declarations,
        (false, None) => compiler::Verify::Claims(Default::default()),
        (false, Some(n)) => compiler::Verify::Claims(compiler::claims::ClaimBudget::uniform(n)),
    };
    let mut ok = true;
    for f in &files {
        let compiled = compile_source(f, verify);
        let shown = f.display().to_string();
        let shown = printable(&shown);
        let errors = compiled.diagnostics.iter().filter(|d| d.is_error()).count();
        if !compiled.diagnostics.is_empty() {
            eprint!("{}", compiled.rendered());
        }
        if errors > 0 {
            ok = false;
            eprintln!("{shown}: {errors} error(s)");
        } else if compiled.ir.is_none() {
            eprintln!("{shown}: ok (a library of definitions: no `game` or `board`)");
        } else {
            let claims = compiled.model.as_ref().map_or(0, |m| m.claims.len());
            if no_claims {
                eprintln!("{shown}: ok ({claims} claims not verified: --no-claims)");
            } else {
                eprintln!("{shown}: ok ({claims} claims verified)");
            }
        }
        match dump {
            Some(Phase::Ast) => println!(
                "{}",
                serde_json::to_string_pretty(&compiled.statements).unwrap()
            ),
            Some(Phase::Model) => {
                println!("{}", serde_json::to_string_pretty(&compiled.model).unwrap())
            }
            Some(Phase::Ir) => {
                if let Some(ir) = &compiled.ir {
                    println!("{}", ir.to_json());
                }
            }
            None => {}
        }
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
