public enum LobbyClientModule {}
