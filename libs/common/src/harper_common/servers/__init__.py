"""Starting the servers Harper needs on this machine: NATS with JetStream, Redis, the services."""
