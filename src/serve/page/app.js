// The page: see the page branch.
