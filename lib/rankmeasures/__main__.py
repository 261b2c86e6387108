"""``python -m rankmeasures``: evaluate TREC runs (:mod:`rankmeasures.trec.cli`)."""

from rankmeasures.trec.cli import main

if __name__ == "__main__":
    main()
