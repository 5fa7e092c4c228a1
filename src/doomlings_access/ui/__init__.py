"""The accessible interface: words for events and questions, review commands, the prompt loop."""
