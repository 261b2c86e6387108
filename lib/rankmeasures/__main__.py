"""``python -m rankmeasures``: evaluate TREC runs (:mod:`rankmeasures.cli`)."""

from rankmeasures.cli import main

if __name__ == "__main__":
    main()
