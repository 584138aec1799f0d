enum GitPlaceholder {}
