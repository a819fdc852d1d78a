"""Chat templates: found beside a tokenizer or inside its file, rendered in a sandbox,
and the conversation they make tokenized message by message."""
