"""`python -m kagent ...`: the same command line as the `kagent` script (for a tree installed with
`pip --target`, where no script lands on PATH)."""

from kagent.cli import main

if __name__ == "__main__":
    main()
