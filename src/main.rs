//! `skirmish-odds` binary: parse the command line, run, map errors to exit codes
//! (2 = bad input, 1 = could not write output).

fn main() {
    std::process::exit(skirmish_odds::cli::main());
}
