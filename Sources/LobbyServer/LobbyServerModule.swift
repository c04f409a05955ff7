public enum LobbyServerModule {}
