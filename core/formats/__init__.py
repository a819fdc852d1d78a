"""Reading and writing tokenizer files in other projects' formats."""
