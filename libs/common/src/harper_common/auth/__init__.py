"""API keys and roles: who may ask Harper what, stored where every gateway replica sees them."""
