//! docs/SCALING.md shows the Slurm job scripts that `tests/slurm/run.sh`
//! submits (and ran for real): each file's text is on the page, whole.

#[test]
fn scaling_page_shows_the_job_scripts_the_slurm_test_submits() {
    let page = std::fs::read_to_string("docs/SCALING.md").unwrap();
    let script = std::fs::read_to_string("tests/slurm/run.sh").unwrap();
    for file in ["tests/slurm/selfplay.sbatch", "tests/slurm/merge.sbatch"] {
        let text = std::fs::read_to_string(file).unwrap();
        assert!(
            page.contains(&format!("```sh\n{text}```")),
            "docs/SCALING.md does not show {file} as it is"
        );
        assert!(
            script.contains(&format!("$ROOT/{file}")),
            "run.sh does not submit {file}"
        );
    }
}
