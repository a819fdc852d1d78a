"""What an encoding produces, as plain frozen data: the encoding, the token table, token info."""
