//! `variant uci ARGS...` as a child process spoken to line by line: its
//! output is read on a thread of its own into a channel, and the child is
//! killed when dropped. Shared by the test binaries that drive the UCI
//! loop; each adds in its own `impl Uci` the reading helpers (with their
//! deadlines) its tests need.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};

pub struct Uci {
    pub child: Child,
    /// The child's output lines, as they come.
    pub lines: Receiver<String>,
}

impl Uci {
    /// `variant uci ARGS...`, run in `dir` (default: the test's own).
    pub fn spawn(args: &[&str], dir: Option<&Path>) -> Uci {
        let mut command = Command::new(env!("CARGO_BIN_EXE_variant"));
        command
            .arg("uci")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().unwrap();
        let output = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Uci { child, lines }
    }

    pub fn send(&mut self, text: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{text}").unwrap();
        stdin.flush().unwrap();
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}
