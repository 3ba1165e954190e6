//! The generic analyses' sections (`compare`, `sweep`, `balance`, `paired`), declared once, in
//! a file of their own below everything that names them: every system's `scenario_file!`
//! (`raw.rs`) lets them pass, the loader refuses a stray one, and the analyses read their own.

/// The generic analyses' sections, declared once, in the order a stray one is reported (a
/// generic kind reads its own section and refuses the others'; a system's own kind refuses
/// them all, after its system's sections). Every scenario file may hold them, so each system's
/// [`scenario_file!`](crate::scenario_file) struct lets them pass as fields: that is why the
/// list is a macro. `generic_sections!(names)` is the list as `&str`s ([`SECTIONS`]);
/// `generic_sections!(m! { input })` calls `$crate::m! { [compare, …] input }`.
#[doc(hidden)]
#[macro_export]
macro_rules! generic_sections {
    (@ [$($s:ident),*] names) => { [$(stringify!($s)),*] };
    (@ [$($s:ident),*] $then:ident ! { $($input:tt)* }) => { $crate::$then! { [$($s),*] $($input)* } };
    ($($then:tt)*) => { $crate::generic_sections! { @ [compare, sweep, balance, paired] $($then)* } };
}

/// The generic analyses' sections, in the order a stray one is reported.
pub const SECTIONS: &[&str] = &crate::generic_sections!(names);
